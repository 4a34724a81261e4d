import type { TeamCalendarQuery } from '@wac/shared/schemas/time-off';
import { actingUser, type TenantCtx } from '../../lib/context';
import { offDaysInTx } from '../attendance/calendar.service';
import { todayIn } from '../departments/departments.service';
import type { Viewer } from './balances.service';
import * as repo from './requests.repository';

/** Who is off in a month: admins see everyone, a manager their reports; filtered by team and department. */
export async function teamCalendar(ctx: TenantCtx, q: TeamCalendarQuery & Viewer) {
  const me = actingUser(ctx);
  const { month, today, r, days } = await ctx.run(async (tx) => {
    // Without a month, the company's current one (its zone: the browser's may be a day apart).
    const today = await todayIn(tx, ctx.companyId);
    const month = q.month ?? today.slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const from = `${month}-01`;
    const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const r = await repo.calendar(tx, ctx.companyId, {
      from,
      to: end,
      teamId: q.teamUuid,
      departmentId: q.departmentUuid,
      managerId: q.asAdmin ? null : me,
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    });
    // The page's people's days without work, shaded on the calendar as other tools do.
    return {
      month,
      today,
      r,
      days: await offDaysInTx(
        tx,
        ctx.companyId,
        r.people.map((p) => p.user_id),
        from,
        end,
      ),
    };
  });
  const byPerson = new Map<string, repo.CalendarRow[]>();
  for (const a of r.absences) byPerson.set(a.user_id, [...(byPerson.get(a.user_id) ?? []), a]);
  return {
    month,
    today,
    holidays: days.holidays,
    data: r.people.map((p) => ({
      person: { uuid: p.user_id, firstName: p.first_name, lastName: p.last_name },
      offDays: days.off.get(p.user_id) ?? [],
      absences: (byPerson.get(p.user_id) ?? []).map((a) => ({
        requestUuid: a.request_id,
        startDate: a.start_date,
        endDate: a.end_date,
        startHalf: a.start_half,
        endHalf: a.end_half,
        status: a.status,
        type: { uuid: a.type_id, name: a.type_name, color: a.type_color, unit: a.type_unit },
      })),
    })),
    page: q.page,
    itemsPerPage: q.itemsPerPage,
    totalItems: r.totalItems,
  };
}

import type { BoardStatus, LeaveHalf } from '@wac/shared/schemas/attendance';
import { isoWeekday } from '@wac/shared/zoned-time';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import type { PlannedDay } from './calendar';
import * as repo from './board.repository';
import * as shownRepo from './board-page.repository';

/**
 * Where a person stands on a company day: present or late by their first clock-in against the
 * scheduled start plus grace; absent once start plus grace has passed without one; expected before
 * that; not scheduled on a day off or a holiday (unless they came in anyway). Approved time off
 * covering a scheduled day, whole or half, makes them on leave rather than absent or expected; if
 * they came in anyway they are present, and late only when their leave is the afternoon (a morning
 * off starts their day at mid-day, so the scheduled start does not apply). A holiday or day off
 * stays not scheduled: the request takes nothing from it. A day outside the employment has no plan
 * (`NOT_EMPLOYED_KEY`), so it is judged as a day off.
 */
export function statusOf(
  p: PlannedDay,
  firstIn: Date | null,
  now: Date,
  leave: { half: LeaveHalf | null } | null = null,
): BoardStatus {
  if (firstIn) {
    const judged = !leave || leave.half === 'afternoon';
    return judged && p.lateAfter && firstIn > p.lateAfter ? 'late' : 'present';
  }
  if (!p.start || !p.lateAfter) return 'notScheduled';
  if (leave) return 'onLeave';
  return now > p.lateAfter ? 'absent' : 'expected';
}

type Counts = Record<BoardStatus, number>;

const noCounts = (): Counts => ({ present: 0, late: 0, absent: 0, onLeave: 0, expected: 0, notScheduled: 0 });

/**
 * The whole company's counts from the maintained per-key counts (decision 021): per board key, the
 * members with a first clock-in are present or late by the minute of it against the key's start plus
 * grace (less those whose leave excuses the lateness), the others are on leave, not scheduled, absent
 * or expected by the same rule as `statusOf`.
 */
export function countsOf(keys: repo.BoardKeyCounts[]): Counts {
  const c = noCounts();
  for (const k of keys) {
    if (!k.planned) {
      c.present += k.day_rows;
      c.notScheduled += k.members - k.day_rows;
      continue;
    }
    const late = k.late_raw - k.leave_fix;
    c.late += late;
    c.present += k.day_rows - late;
    c.onLeave += k.leave_no_row;
    c[k.past ? 'absent' : 'expected'] += k.members - k.day_rows - k.leave_no_row;
  }
  return c;
}

/**
 * The most people a search may match on the board: each is judged (about 20 µs of the database at
 * 100,000 members), so "a" in a large company would judge all of them and run into the statement's
 * limit. More than this is a translated 400 asking for more of the name; a company smaller than
 * this never sees it.
 */
export const BOARD_SEARCH_MAX = 5000;

/** Smallest and largest step of a walk through the members in name order for one status. */
const WALK_MIN = 200;
const WALK_MAX = 5000;
/** Up to this many present-or-late people, a present or late page is judged from them alone. */
const DAY_ROWS_DIRECT = 2000;

/**
 * The day board: counts over the (filtered) active members and one page of the asked status.
 *
 * Without a team, department or search filter the counts come from the maintained counts, and the page
 * judges only the members it needs: the page's slice of the name order, or — for one status — the
 * people who can have it (those who clocked in, those on leave) when they are few, else steps through
 * the name order sized by how common the status is, until the page is full. With a filter, the
 * filtered members are judged in the database, which answers their counts and the page alone (the
 * cost follows the filter's size, not the company's).
 */
/** The board's day: settings, day, holiday, schedules and the planner's settings, one statement. */
async function boardDay(tx: Tx, companyId: string, date: string | null, customPlans = true) {
  const head = await repo.boardHead(tx, companyId, date, customPlans);
  const settings = head.settings[0];
  const day0 = head.day[0]?.date;
  if (!settings || !day0) throw new AppError('NOT_FOUND');
  const schedules = head.schedules;
  const day: repo.BoardDay = {
    date: day0,
    timeZone: settings.time_zone,
    isoWeekday: isoWeekday(day0),
    holiday: head.holidays.length > 0,
    defaultScheduleId: schedules.find((x) => x.is_default)?.id ?? null,
  };
  return { settings, date: day0, day };
}

/**
 * Today's counts of the whole company alone, as the dashboard shows them: the board's day and its
 * maintained counts (the same figures as the board's), without judging a page of people.
 */
export function todayCounts(ctx: TenantCtx) {
  return ctx.run(async (tx) => {
    const { date, day } = await boardDay(tx, ctx.companyId, null, false);
    return { date, counts: countsOf(await repo.boardKeyCounts(tx, ctx.companyId, day)) };
  });
}

export async function board(
  ctx: TenantCtx,
  q: {
    date?: string;
    team?: string;
    department?: string;
    status?: BoardStatus;
    search?: string;
    page: number;
    itemsPerPage: number;
  },
  /**
   * Tests shrink these to walk in several steps, to take each way to a page with a few people, and
   * to find a search too broad among a few.
   */
  tuning: { walkMin?: number; dayRowsDirect?: number; searchMax?: number } = {},
) {
  const searchMax = tuning.searchMax ?? BOARD_SEARCH_MAX;
  const walkMin = tuning.walkMin ?? WALK_MIN;
  const dayRowsDirect = tuning.dayRowsDirect ?? DAY_ROWS_DIRECT;
  return ctx.run(async (tx) => {
    if (q.team && !(await repo.teamExists(tx, ctx.companyId, q.team)))
      throw new AppError('NOT_FOUND', [{ path: 'querystring.team', code: 'invalid' }]);
    if (q.department && !(await repo.departmentExists(tx, ctx.companyId, q.department)))
      throw new AppError('NOT_FOUND', [{ path: 'querystring.department', code: 'invalid' }]);
    const status = q.status ?? null;
    // The first screen reads by key whatever the day, so its plans may be kept; the others judge
    // sets whose size depends on the day and the filter (decision 021).
    const firstScreen = !status && !q.team && !q.department && !q.search;
    const { settings, date, day } = await boardDay(tx, ctx.companyId, q.date ?? null, !firstScreen);
    const offset = (q.page - 1) * q.itemsPerPage;
    let counts: Counts;
    let total: number;
    let page: repo.JudgedRow[];
    let shown: shownRepo.PageDetailRow[] | null = null;
    if (q.team || q.department || q.search) {
      const filtered = shownRepo.filteredMembers(ctx.companyId, q);
      if (q.search && (await shownRepo.moreThan(tx, filtered, searchMax)))
        throw new AppError('SEARCH_TOO_BROAD', [{ path: 'querystring.search', code: 'tooBroad' }]);
      const r = await shownRepo.judgedCountsAndPage(tx, ctx.companyId, day, filtered, status, offset, q.itemsPerPage);
      counts = noCounts();
      for (const c of r.counts) counts[c.status] = c.n;
      total = status ? counts[status] : Object.values(counts).reduce((a, b) => a + b, 0);
      page = r.page;
      shown = r.details;
    } else if (!status) {
      const first = await shownRepo.countsAndPage(tx, ctx.companyId, day, offset, q.itemsPerPage);
      counts = countsOf(first.counts);
      total = Object.values(counts).reduce((a, b) => a + b, 0);
      page = first.page;
      shown = first.details;
    } else {
      counts = countsOf(await repo.boardKeyCounts(tx, ctx.companyId, day));
      const everyone = Object.values(counts).reduce((a, b) => a + b, 0);
      total = counts[status];
      if (offset >= total) page = [];
      else if (
        status === 'onLeave' ||
        ((status === 'present' || status === 'late') && counts.present + counts.late <= dayRowsDirect)
      ) {
        const who =
          status === 'onLeave' ? repo.membersOnLeave(ctx.companyId, date) : repo.membersWithDay(ctx.companyId, date);
        const r = await shownRepo.judgedCountsAndPage(tx, ctx.companyId, day, who, status, offset, q.itemsPerPage);
        page = r.page;
        shown = r.details;
      } else
        page = (await walk(tx, ctx.companyId, day, status, offset + q.itemsPerPage, everyone / total, walkMin)).slice(
          offset,
        );
    }
    shown ??= await shownRepo.pageDetails(
      tx,
      ctx.companyId,
      date,
      page.map((m) => m.user_id),
    );
    const details = new Map(shown.map((d) => [d.user_id, d]));
    return {
      ...pageOf(
        q,
        page.map((m) => {
          const d = details.get(m.user_id);
          return {
            userUuid: m.user_id,
            firstName: d?.first_name ?? '',
            lastName: d?.last_name ?? '',
            email: d?.email ?? '',
            status: m.status,
            leave:
              m.shows_leave && d?.leave_type
                ? { type: d.leave_type, color: d.leave_color ?? '', half: m.leave_half }
                : null,
            firstIn: iso(m.first_in),
            lastOut: d?.open ? null : iso(d?.last_out),
            clockedIn: d?.open ?? false,
            workedMinutes: Math.floor((d?.worked_seconds ?? 0) / 60),
          };
        }),
        total,
      ),
      date,
      timeZone: settings.time_zone,
      counts,
    };
  });
}

/**
 * The first `need` members of `status` in name order, judging the name order in steps: each step as
 * long as the status's rarity says `need` should take (`spread` members per match), within bounds.
 */
async function walk(
  tx: Tx,
  companyId: string,
  day: repo.BoardDay,
  status: BoardStatus,
  need: number,
  spread: number,
  walkMin: number,
) {
  const found: repo.JudgedRow[] = [];
  let after: { sortName: string; userId: string } | null = null;
  for (;;) {
    const step = Math.min(WALK_MAX, Math.max(walkMin, Math.ceil((need - found.length) * spread * 1.25)));
    const judged = await repo.judge(tx, companyId, day, repo.membersByNameAfter(companyId, after, step));
    for (const r of judged) if (r.status === status) found.push(r);
    const last = judged.at(-1);
    if (found.length >= need || judged.length < step || !last) return found.slice(0, need);
    after = { sortName: last.sort_name, userId: last.user_id };
  }
}

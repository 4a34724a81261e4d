import { addDays, zonedInstant } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { createEntry, createSchedule, setCompanyTimeZone, weekdays } from '../../db/seed/attendance-factories';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { createCtx, forCompany, type TenantCtx } from '../../lib/context';
import { rows } from '../../lib/sql';
import { createTestApp, type TestContext } from '../../test/harness';
import { forgetKeptDays, keeping, settledWork } from './day-rows';
import { stats } from './stats.service';

const TZ = 'America/New_York';
let t: TestContext;
let ctx: TenantCtx;
let ids: { company: string; team: string; dept: string; schedule: string; ann: string; ben: string; cy: string };
let today: string;
const at = (d: string, time: string) => zonedInstant(d, time, TZ);
const weekend = (d: string) => [0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay());
/** The last weekday at least n days before today (a weekend day moves no one's figures here). */
const weekdayBack = (n: number) => {
  let d = addDays(today, -n);
  while (weekend(d)) d = addDays(d, -1);
  return d;
};

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const c = await createCompany(tx, { name: 'Initech', subDomain: 'initech' });
    await setCompanyTimeZone(tx, c.id, TZ);
    const [r] = await rows<{ today: string }>(
      tx,
      sql`SELECT to_char((now() AT TIME ZONE ${TZ})::date, 'YYYY-MM-DD') AS today`,
    );
    today = r!.today;
    const schedule = await createSchedule(tx, c.id, {
      name: 'Office',
      isDefault: true,
      graceMinutes: 5,
      days: weekdays('09:00', '17:00'),
    });
    const mk = async (first: string) => {
      const u = await createUser(tx, { email: `${first.toLowerCase()}@initech.test`, firstName: first });
      await addMembership(tx, c.id, u.id);
      await setEmployee(tx, c.id, u.id, { startDate: '2024-01-01' });
      return u.id;
    };
    const ann = await mk('Ann');
    const ben = await mk('Ben');
    const cy = await mk('Cy');
    const team = await createTeam(tx, c.id, { name: 'Ops', memberIds: [ann] });
    const dept = await createDepartment(tx, c.id, { name: 'Floor' });
    // Five weeks of Ann and Ben coming in on weekdays (Ben late on Tuesdays), up to today.
    for (let d = addDays(today, -35); d <= today; d = addDays(d, 1)) {
      if (weekend(d)) continue;
      const dow = new Date(`${d}T12:00:00Z`).getUTCDay();
      await createEntry(tx, c.id, { userId: ann, workDate: d, clockIn: at(d, '08:58'), clockOut: at(d, '17:30') });
      const late = dow === 2;
      await createEntry(tx, c.id, {
        userId: ben,
        workDate: d,
        clockIn: at(d, late ? '09:20' : '09:00'),
        clockOut: at(d, '17:00'),
      });
    }
    return { company: c.id, team: team.id, dept: dept.id, schedule: schedule.id, ann, ben, cy };
  });
  ctx = forCompany(createCtx(t.app), ids.company);
});
afterAll(() => t.close());

const ask = (f: { team?: string; department?: string } = {}) =>
  stats(ctx, { range: 'custom', from: addDays(today, -30), to: today, ...f } as never);
/** What the answer is when nothing is kept: the whole period's rows read from the database at once. */
async function uncached(f: { team?: string; department?: string } = {}) {
  keeping.on = false;
  try {
    return await ask(f);
  } finally {
    keeping.on = true;
  }
}
const kpi = (a: Awaited<ReturnType<typeof ask>>, key: string) => a.kpis.find((k) => k.key === key)!.value;
const write = (fn: (tx: Tx) => Promise<unknown>) => t.db.system(fn);

describe('settled day rows kept by the process', () => {
  it('reads a settled day once, then only the recent days, and answers as if nothing were kept', async () => {
    forgetKeptDays();
    // The counter is the module's: other files of the same worker may have read days before.
    const start = settledWork.days;
    const first = await ask();
    const read = settledWork.days - start;
    // The period and the one before it: 62 days, of which the settled ones are read.
    expect(read).toBeGreaterThanOrEqual(55);
    const again = await ask();
    expect(settledWork.days - start).toBe(read);
    expect(again).toEqual(first);
    expect(again).toEqual(await uncached());
    // Callers of a cold process at once read the settled days once between them.
    forgetKeptDays();
    const cold = settledWork.days;
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(settledWork.days - cold).toBe(read);
    for (const a of answers) expect(a).toEqual(first);
  });

  it('reads again after each change that moves a settled day, and never answers what was', async () => {
    const changes: Array<[string, (tx: Tx) => Promise<unknown>, { team?: string; department?: string }]> = [
      [
        'a correction three weeks back',
        (tx) =>
          tx.execute(sql`UPDATE attendance_entries SET clock_in = ${at(weekdayBack(21), '11:00')}
                          WHERE company_id = ${ids.company} AND user_id = ${ids.ben} AND work_date = ${weekdayBack(21)}`),
        {},
      ],
      [
        'a person joining the team (their history moves with them)',
        (tx) =>
          tx.execute(
            sql`INSERT INTO team_members (company_id, team_id, user_id) VALUES (${ids.company}, ${ids.team}, ${ids.ben})`,
          ),
        { team: ids.team },
      ],
      [
        'a person moved into a department',
        (tx) =>
          tx.execute(
            sql`UPDATE employees SET department_id = ${ids.dept} WHERE company_id = ${ids.company} AND user_id = ${ids.ann}`,
          ),
        { department: ids.dept },
      ],
      [
        'a holiday added two weeks back',
        (tx) =>
          tx.execute(
            sql`INSERT INTO holidays (company_id, date, name) VALUES (${ids.company}, ${weekdayBack(14)}, 'Storm')`,
          ),
        {},
      ],
      [
        "the schedule's Monday dropped",
        (tx) =>
          tx.execute(sql`UPDATE work_schedules SET days = jsonb_set(days, '{0}', 'null') WHERE id = ${ids.schedule}`),
        {},
      ],
      [
        'an employment that ended ten days ago',
        (tx) =>
          tx.execute(
            sql`UPDATE employees SET end_date = ${addDays(today, -10)} WHERE company_id = ${ids.company} AND user_id = ${ids.cy}`,
          ),
        {},
      ],
    ];
    for (const [what, change, f] of changes) {
      const before = await ask(f);
      await ask(f);
      const read = settledWork.days;
      await write(change);
      const after = await ask(f);
      expect(settledWork.days, what).toBeGreaterThan(read);
      expect(after, what).not.toEqual(before);
      expect(after, what).toEqual(await uncached(f));
    }
  });

  it("keeps the settled days through today's clock-ins, which it reads fresh", async () => {
    const before = await ask();
    const read = settledWork.days;
    await write((tx) =>
      createEntry(tx, ids.company, { userId: ids.cy, workDate: today, clockIn: new Date(), clockOut: null }),
    );
    // Yesterday's evening shift of Ben's, recorded late: a recent day (a company's yesterday is never
    // more than two days before the UTC date), read fresh; nothing settled moves.
    const yesterday = addDays(today, -1);
    await write((tx) =>
      createEntry(tx, ids.company, {
        userId: ids.ben,
        workDate: yesterday,
        clockIn: at(yesterday, '18:00'),
        clockOut: at(yesterday, '23:30'),
      }),
    );
    // Someone joining today counts from today, on top of the kept headcount.
    await write(async (tx) => {
      const u = await createUser(tx, { email: 'dee@initech.test', firstName: 'Dee' });
      await addMembership(tx, ids.company, u.id);
    });
    const after = await ask();
    expect(settledWork.days).toBe(read);
    expect(after).toEqual(await uncached());
    expect(kpi(after, 'headcountEnd')).toBe(kpi(before, 'headcountEnd')! + 1);
    expect(kpi(after, 'joiners')).toBe(kpi(before, 'joiners')! + 1);
    // Ben's evening is in the answer.
    expect(kpi(after, 'avgWorkedHours')).not.toBe(kpi(before, 'avgWorkedHours'));
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignSchedule, createEntry, createSchedule } from '../../db/seed/attendance-factories';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { employees, memberships, scheduleAssignments, users } from '../../db/schema/index';
import { createCtx, forCompany } from '../../lib/context';
import { rows } from '../../lib/sql';
import { boardDrift, NO_DRIFT } from '../../test/board-drift';
import { raceHeld } from '../../test/held';
import { createTestApp, type TestContext } from '../../test/harness';
import { rebuild } from '../stats/stats.service';
import { NOT_EMPLOYED_KEY } from '../../db/board-keys';

/**
 * The day board's members per assigned schedule, kept as a series of changes by triggers on the
 * assignments, the memberships and the end of employment (migrations 0034, 0042): after every kind of change, the members each
 * schedule has on a day equal a count over the raw rows, and the series equals its recomputation.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('members per assigned schedule', () => {
  it('follows assignments and memberships through every change, and the rebuild mends a drift', async () => {
    const w = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Series', subDomain: 'series' });
      await createSchedule(tx, c.id, { name: 'Office', isDefault: true });
      const early = await createSchedule(tx, c.id, { name: 'Early' });
      const late = await createSchedule(tx, c.id, { name: 'Late' });
      const people: string[] = [];
      for (const n of [1, 2, 3, 4]) {
        const u = await createUser(tx, { email: `s${n}@series.test`, firstName: `S${n}` });
        await addMembership(tx, c.id, u.id);
        people.push(u.id);
      }
      return { c: c.id, early: early.id, late: late.id, people: people as [string, string, string, string] };
    });
    const [p1, p2, p3, p4] = w.people;
    const DAYS = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01'];
    // Members per schedule on each day: from the series, and counted from the raw rows.
    const members = () =>
      t.db.system((tx) =>
        rows<{ day: string; s: string; kept: number; counted: number }>(
          tx,
          sql`SELECT d::text AS day, s.id::text AS s,
                     (SELECT coalesce(sum(n), 0) FROM schedule_member_changes x
                       WHERE x.company_id = ${w.c} AND x.schedule_id = s.id AND x.day <= d)::int AS kept,
                     (SELECT count(*) FROM memberships m
                        LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
                       WHERE m.company_id = ${w.c} AND m.enabled
                         AND CASE WHEN e.end_date < d OR e.start_date > d THEN ${NOT_EMPLOYED_KEY}::uuid
                                  ELSE (SELECT a.schedule_id FROM schedule_assignments a
                                         WHERE a.company_id = ${w.c} AND a.user_id = m.user_id AND a.effective_from <= d
                                         ORDER BY a.effective_from DESC LIMIT 1) END = s.id)::int AS counted
                FROM unnest(${`{${DAYS.join(',')}}`}::date[]) d
               CROSS JOIN (SELECT id FROM work_schedules WHERE company_id = ${w.c} AND NOT is_default
                           UNION ALL SELECT ${NOT_EMPLOYED_KEY}::uuid) s
               ORDER BY 1, 2`,
        ),
      );
    const check = async (step: string, early: number[], ended = [0, 0, 0, 0, 0]) => {
      const m = await members();
      expect(
        m.filter((r) => r.kept !== r.counted),
        step,
      ).toEqual([]);
      expect(
        m.filter((r) => r.s === w.early).map((r) => r.kept),
        step,
      ).toEqual(early);
      expect(
        m.filter((r) => r.s === NOT_EMPLOYED_KEY).map((r) => r.kept),
        step,
      ).toEqual(ended);
      const drift = await t.db.system((tx) => boardDrift(tx, w.c));
      expect(
        drift.find((d) => d.kind === 'assigned'),
        step,
      ).toEqual({ kind: 'assigned', n: 0 });
    };
    const change = (fn: Parameters<typeof t.db.system>[0]) => t.db.system(fn);

    await change(async (tx) => {
      await assignSchedule(tx, w.c, p1, w.early, '2026-02-01');
      await assignSchedule(tx, w.c, p1, w.late, '2026-04-01');
      await assignSchedule(tx, w.c, p2, w.early, '2026-03-01');
      await assignSchedule(tx, w.c, p3, w.early, '2026-01-01');
    });
    await check('assigned', [1, 2, 3, 2, 2]);
    // Several rows of one person in one statement, then moved and switched in one statement.
    await change((tx) =>
      tx.insert(scheduleAssignments).values([
        { companyId: w.c, userId: p4, scheduleId: w.late, effectiveFrom: '2026-01-01' },
        { companyId: w.c, userId: p4, scheduleId: w.early, effectiveFrom: '2026-02-01' },
        { companyId: w.c, userId: p4, scheduleId: w.late, effectiveFrom: '2026-03-01' },
      ]),
    );
    await check('three rows at once', [1, 3, 3, 2, 2]);
    await change((tx) =>
      tx
        .update(scheduleAssignments)
        .set({
          effectiveFrom: sql`effective_from + 14`,
          scheduleId: sql`CASE WHEN schedule_id = ${w.late}::uuid THEN ${w.early}::uuid ELSE ${w.late}::uuid END`,
        })
        .where(sql`company_id = ${w.c} AND user_id = ${p4}`),
    );
    await check('moved and switched', [1, 3, 3, 3, 3]);
    await change((tx) => tx.delete(scheduleAssignments).where(sql`company_id = ${w.c} AND user_id = ${p2}`));
    await check('removed', [1, 3, 2, 2, 2]);
    // The end of employment (migration 0042): from the day after the end date the person follows no
    // schedule and counts under the ended key; an end date set, made with the record, cleared, removed.
    await change((tx) => setEmployee(tx, w.c, p4, { endDate: '2026-03-20' }));
    await check('employment ended', [1, 3, 2, 1, 1], [0, 0, 0, 1, 1]);
    await change((tx) => setEmployee(tx, w.c, p3, { endDate: '2026-01-31' }));
    await check('record made ended', [1, 2, 1, 0, 0], [0, 1, 1, 2, 2]);
    await change((tx) => setEmployee(tx, w.c, p4, { endDate: null }));
    await check('end cleared', [1, 2, 1, 1, 1], [0, 1, 1, 1, 1]);
    await change((tx) => tx.delete(employees).where(sql`company_id = ${w.c} AND user_id = ${p3}`));
    await check('record removed', [1, 3, 2, 2, 2]);
    // A start date: before it the person follows no schedule either (p1 starts on 2026-03-15, after
    // their Early days); moved earlier, then an end before the start (outside on every day), cleared.
    await change((tx) => setEmployee(tx, w.c, p1, { startDate: '2026-03-15' }));
    await check('starts later', [1, 2, 1, 2, 2], [1, 1, 1, 0, 0]);
    await change((tx) => setEmployee(tx, w.c, p1, { startDate: '2026-01-15' }));
    await check('starts earlier', [1, 3, 2, 2, 2], [1, 0, 0, 0, 0]);
    await change((tx) => setEmployee(tx, w.c, p1, { endDate: '2026-01-10', startDate: '2026-03-15' }));
    await check('ends before it starts', [1, 2, 1, 2, 2], [1, 1, 1, 1, 1]);
    await change((tx) => setEmployee(tx, w.c, p1, { startDate: null, endDate: null }));
    await check('dates cleared', [1, 3, 2, 2, 2]);
    // The membership: disabled, enabled, removed, made again (the assignments stay with the person).
    const set = (userId: string, enabled: boolean) =>
      change((tx) => tx.update(memberships).set({ enabled }).where(sql`company_id = ${w.c} AND user_id = ${userId}`));
    await set(p3, false);
    await check('disabled', [0, 2, 1, 1, 1]);
    await set(p3, true);
    await check('enabled', [1, 3, 2, 2, 2]);
    await change((tx) => tx.update(users).set({ firstName: 'Renamed' }).where(sql`id = ${p3}`));
    await check('renamed', [1, 3, 2, 2, 2]);
    await change((tx) => tx.delete(memberships).where(sql`company_id = ${w.c} AND user_id = ${p3}`));
    await check('membership removed', [0, 2, 1, 1, 1]);
    await change((tx) => addMembership(tx, w.c, p3));
    await check('member again', [1, 3, 2, 2, 2]);
    await change((tx) => tx.delete(users).where(sql`id = ${p1}`));
    await check('person deleted', [1, 2, 1, 2, 2]);

    // Drift only the server's login role can write is mended by the rebuild command.
    await t.db.query(
      `INSERT INTO schedule_member_changes AS x (company_id, schedule_id, day, n) VALUES ($1, $2, '2026-02-01', 3)
       ON CONFLICT (company_id, schedule_id, day) DO UPDATE SET n = x.n + 3`,
      [w.c, w.early],
    );
    const drifted = await t.db.system((tx) => boardDrift(tx, w.c));
    expect(drifted.find((d) => d.kind === 'assigned')!.n).toBeGreaterThan(0);
    await rebuild(forCompany(createCtx(t.app), w.c));
    await check('rebuilt', [1, 2, 1, 2, 2]);
  });

  // Two connections at once: PostgreSQL (PGlite runs one transaction at a time, so it cannot race).
  it.runIf(process.env.TEST_DB === 'pg')(
    "an employment's dates changed while the same person clocks in and is assigned elsewhere: they queue, nothing drifts",
    async () => {
      const w = await t.db.system(async (tx) => {
        const c = await createCompany(tx, { name: 'Race', subDomain: 'race-series' });
        await createSchedule(tx, c.id, { name: 'Office', isDefault: true });
        const early = await createSchedule(tx, c.id, { name: 'Early' });
        const u = await createUser(tx, { email: 'r@race.test', firstName: 'R' });
        await addMembership(tx, c.id, u.id);
        await setEmployee(tx, c.id, u.id, { startDate: '2026-01-01' });
        await createEntry(tx, c.id, {
          userId: u.id,
          workDate: '2026-03-02',
          clockIn: new Date('2026-03-02T09:00:00Z'),
          clockOut: new Date('2026-03-02T17:00:00Z'),
        });
        return { c: c.id, u: u.id, early: early.id };
      });
      const entry = (day: string) => (tx: Parameters<Parameters<typeof t.db.system>[0]>[0]) =>
        createEntry(tx, w.c, {
          userId: w.u,
          workDate: day,
          clockIn: new Date(`${day}T09:00:00Z`),
          clockOut: new Date(`${day}T17:00:00Z`),
        });
      // The first change holds its transaction open until the others have been sent.
      const race = async (
        first: Parameters<typeof t.db.system>[0],
        others: Array<Parameters<typeof t.db.system>[0]>,
      ) => {
        await raceHeld(t.db, first, others);
        expect(await t.db.system((tx) => boardDrift(tx, w.c))).toEqual(NO_DRIFT);
      };
      // The end set first; a clock-in after it and an assignment wait for it.
      await race(
        (tx) => setEmployee(tx, w.c, w.u, { endDate: '2026-03-03' }),
        [entry('2026-03-04'), (tx) => assignSchedule(tx, w.c, w.u, w.early, '2026-02-01')],
      );
      // The assignment first; the start and end moved and a clock-in wait for it.
      await race(
        (tx) => assignSchedule(tx, w.c, w.u, w.early, '2026-03-01'),
        [(tx) => setEmployee(tx, w.c, w.u, { startDate: '2026-03-03', endDate: null }), entry('2026-03-05')],
      );
      // A clock-in first; the dates cleared wait for it.
      await race(entry('2026-03-06'), [(tx) => setEmployee(tx, w.c, w.u, { startDate: null })]);
      const keys = await t.db.system((tx) =>
        rows<{ day: string; k: string }>(
          tx,
          sql`SELECT day::text AS day, board_schedule::text AS k FROM stats_member_days
               WHERE company_id = ${w.c} AND user_id = ${w.u} ORDER BY day`,
        ),
      );
      expect(keys.map((r) => r.k)).toEqual([w.early, w.early, w.early, w.early]);
    },
  );

  it('is refused to the app role, which only reads its own company', async () => {
    const [c] = await t.db.system((tx) =>
      rows<{ id: string }>(tx, sql`SELECT id FROM companies WHERE sub_domain = 'series'`),
    );
    const other = await t.db.system((tx) => createCompany(tx, { name: 'Other', subDomain: 'other-series' }));
    await expect(
      t.db.scoped({ companyId: other.id }, (tx) =>
        tx.execute(sql`INSERT INTO schedule_member_changes VALUES (${other.id}, ${other.id}, '2026-01-01', 1)`),
      ),
    ).rejects.toThrow();
    const seen = await t.db.scoped({ companyId: other.id }, (tx) =>
      rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM schedule_member_changes WHERE company_id = ${c!.id}`),
    );
    expect(seen).toEqual([{ n: 0 }]);
  });
});

import { addDays, zonedDate } from '@wac/shared/zoned-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignSchedule, createSchedule, setCompanyTimeZone, weekdays } from '../../db/seed/attendance-factories';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { enqueue } from '../../lib/jobs/queue';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

/**
 * The schedule overview (how many follow each schedule, who they are, paged) and bulk assignment
 * (chosen people, a team, a department) through the API, with the tenant scoping and the audit.
 */
let t: TestContext;
type Key = 'acme' | 'office' | 'early' | 'late' | 'gs' | 'g' | 'team' | 'gteam' | 'dept' | 'admin';
let w: Record<Key, string> & { people: string[] };
let admin: string;
const TZ = 'Europe/Lisbon';
const today = () => zonedDate(new Date(), TZ);

beforeAll(async () => {
  t = await createTestApp();
  w = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    await setCompanyTimeZone(tx, acme.id, TZ);
    const office = await createSchedule(tx, acme.id, { name: 'Office', isDefault: true });
    const early = await createSchedule(tx, acme.id, { name: 'Early', days: weekdays('07:00', '15:00') });
    const late = await createSchedule(tx, acme.id, { name: 'Late', days: weekdays('12:00', '20:00') });
    const gs = await createSchedule(tx, globex.id, { name: 'Globex office', isDefault: true });
    const a = await createUser(tx, { email: 'admin@acme.test', firstName: 'Ada', lastName: 'Admin' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    const people: string[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const u = await createUser(tx, { email: `p${n}@acme.test`, firstName: `Person${n}`, lastName: 'Acme' });
      await addMembership(tx, acme.id, u.id);
      people.push(u.id);
    }
    const g = await createUser(tx, { email: 'g@globex.test', firstName: 'Gus' });
    await addMembership(tx, globex.id, g.id);
    const team = await createTeam(tx, acme.id, { name: 'Support', memberIds: [people[0]!, people[1]!] });
    const gteam = await createTeam(tx, globex.id, { name: 'Globex team', memberIds: [g.id] });
    const dept = await createDepartment(tx, acme.id, { name: 'Operations' });
    await setEmployee(tx, acme.id, people[4]!, { departmentId: dept.id });
    await setEmployee(tx, acme.id, people[5]!, { departmentId: dept.id });
    // Person3 follows Late from a day long past; a future Early for Person4 does not count yet.
    await assignSchedule(tx, acme.id, people[2]!, late.id, '2020-01-01');
    await assignSchedule(tx, acme.id, people[3]!, early.id, '2099-01-01');
    return {
      acme: acme.id,
      office: office.id,
      early: early.id,
      late: late.id,
      gs: gs.id,
      g: g.id,
      team: team.id,
      gteam: gteam.id,
      dept: dept.id,
      admin: a.id,
      people,
    };
  });
  admin = (await tokenFor(t.app, w.admin, w.acme)).token;
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, lang?: string) =>
  call(t.app, {
    method,
    url,
    host: 'acme',
    token: admin,
    payload,
    headers: lang ? { 'accept-language': lang } : {},
  });
const counts = async () =>
  Object.fromEntries(
    ((await req('GET', '/api/attendance/schedules')).json().data as Array<{ name: string; members: number }>).map(
      (s) => [s.name, s.members],
    ),
  );
const members = async (id: string, query = '') =>
  (await req('GET', `/api/attendance/schedules/${id}/members${query}`)).json();

describe('schedule overview', () => {
  it('counts who follows each schedule today and lists them in name order, paged', async () => {
    // Seven enabled members: Person3 on Late, the future Early not yet counted.
    expect(await counts()).toEqual({ Office: 6, Early: 0, Late: 1 });
    const late = await members(w.late);
    expect(late).toMatchObject({ totalItems: 1, page: 1 });
    expect(late.data).toEqual([
      { userUuid: w.people[2], name: 'Person3 Acme', email: 'p3@acme.test', since: '2020-01-01' },
    ]);
    const first = await members(w.office, '?itemsPerPage=4');
    expect(first.totalItems).toBe(6);
    expect(first.data.map((p: { name: string }) => p.name)).toEqual([
      'Ada Admin',
      'Person1 Acme',
      'Person2 Acme',
      'Person4 Acme',
    ]);
    expect(first.data[0].since).toBeNull();
    const second = await members(w.office, '?itemsPerPage=4&page=2');
    expect(second.data.map((p: { name: string }) => p.name)).toEqual(['Person5 Acme', 'Person6 Acme']);
  });

  it('leaves out whose employment ended before today or starts after it, in the counts and the lists; on the last day they still follow', async () => {
    const end = (endDate: string | null) =>
      t.db.system(async (tx) => {
        await setEmployee(tx, w.acme, w.people[2]!, { endDate });
        await setEmployee(tx, w.acme, w.people[5]!, { endDate });
      });
    try {
      await end(addDays(today(), -1));
      expect(await counts()).toEqual({ Office: 5, Early: 0, Late: 0 });
      expect(await members(w.late)).toMatchObject({ totalItems: 0, data: [] });
      const office = await members(w.office);
      expect(office.totalItems).toBe(5);
      expect(office.data.map((p: { name: string }) => p.name)).not.toContain('Person6 Acme');
      await end(today());
      expect(await counts()).toEqual({ Office: 6, Early: 0, Late: 1 });
      expect((await members(w.office)).data.map((p: { name: string }) => p.name)).toContain('Person6 Acme');
      // Nor before the start date: Person6 starting tomorrow follows no schedule today.
      await end(null);
      await t.db.system((tx) => setEmployee(tx, w.acme, w.people[5]!, { startDate: addDays(today(), 1) }));
      expect(await counts()).toEqual({ Office: 5, Early: 0, Late: 1 });
      expect((await members(w.office)).data.map((p: { name: string }) => p.name)).not.toContain('Person6 Acme');
    } finally {
      await end(null);
      await t.db.system((tx) => setEmployee(tx, w.acme, w.people[5]!, { startDate: null }));
    }
    expect(await counts()).toEqual({ Office: 6, Early: 0, Late: 1 });
  });

  it("answers 404 for another company's schedule and for an unknown one", async () => {
    expect((await req('GET', `/api/attendance/schedules/${w.gs}/members`)).statusCode).toBe(404);
    expect(
      (await req('GET', '/api/attendance/schedules/00000000-0000-4000-8000-000000000000/members')).statusCode,
    ).toBe(404);
  });
});

describe('bulk assignment', () => {
  it('assigns chosen people, a team and a department in one request each, audited once', async () => {
    const day = today();
    const chosen = await req('POST', '/api/attendance/assignments/bulk', {
      scheduleUuid: w.early,
      effectiveFrom: day,
      userUuids: [w.people[0], w.people[1], w.people[0]],
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ assigned: 2 });
    expect(await counts()).toEqual({ Office: 4, Early: 2, Late: 1 });

    // The team (Person1, Person2) moves on to Late the same day: the same person and date is replaced.
    const team = await req('POST', '/api/attendance/assignments/bulk', {
      scheduleUuid: w.late,
      effectiveFrom: day,
      teamUuid: w.team,
    });
    expect(team.json()).toEqual({ assigned: 2 });
    const dept = await req('POST', '/api/attendance/assignments/bulk', {
      scheduleUuid: w.early,
      effectiveFrom: day,
      departmentUuid: w.dept,
    });
    expect(dept.json()).toEqual({ assigned: 2 });
    expect(await counts()).toEqual({ Office: 2, Early: 2, Late: 3 });
    expect((await members(w.early)).data.map((p: { name: string }) => p.name)).toEqual([
      'Person5 Acme',
      'Person6 Acme',
    ]);

    const log = (await req('GET', '/api/audit-log?itemsPerPage=50')).json();
    const bulk = log.data.filter((e: { action: string }) => e.action === 'schedule_assignment.bulk');
    expect(bulk).toHaveLength(3);
    // What the audit log shows: the schedule's name, the day and how many; ids only under *Id(s) keys.
    expect(bulk.map((e: { after: unknown }) => e.after)).toContainEqual({
      schedule: 'Early',
      effectiveFrom: day,
      people: 2,
      departmentId: w.dept,
    });
  });

  it('refuses bad input with translated messages and writes nothing', async () => {
    const before = await counts();
    const bad = async (payload: Record<string, unknown>, status: number, lang = 'de') => {
      const res = await req('POST', '/api/attendance/assignments/bulk', payload, lang);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      return res.json();
    };
    const base = { scheduleUuid: w.early, effectiveFrom: today() };
    // No source, two sources, an empty or too long list, a bad date.
    expect((await bad(base, 400)).issues[0].path).toBe('body.userUuids');
    await bad({ ...base, teamUuid: w.team, departmentUuid: w.dept }, 400);
    await bad({ ...base, userUuids: [] }, 400);
    const many = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await bad({ ...base, userUuids: many }, 400)).issues[0].path).toBe('body.userUuids');
    await bad({ ...base, effectiveFrom: '2026-02-30', userUuids: [w.people[0]] }, 400);
    // Someone of another company among the chosen: refused as a whole.
    const foreign = await bad({ ...base, userUuids: [w.people[0], w.g] }, 400, 'fr');
    expect(foreign.code).toBe('SCHEDULE_PEOPLE_NOT_MEMBERS');
    expect(foreign.message).toBe('Certaines des personnes choisies ne sont pas membres de cette entreprise.');
    // Another company's schedule or team.
    await bad({ ...base, scheduleUuid: w.gs, userUuids: [w.people[0]] }, 404);
    expect((await bad({ ...base, teamUuid: w.gteam }, 404)).issues[0].path).toBe('body.teamUuid');
    expect(await counts()).toEqual(before);
  });

  it('assigns a team of more than 500 people in the background, in parts, with its progress counted in people', {
    timeout: 120_000,
  }, async () => {
    const big = await t.db.system(async (tx) => {
      await tx.execute(
        sql`INSERT INTO users (email, first_name, last_name)
            SELECT 'big' || g || '@acme.test', 'Big', 'P' || g FROM generate_series(1, 501) g`,
      );
      const people = sql`SELECT id FROM users WHERE email LIKE 'big%@acme.test'`;
      await tx.execute(sql`INSERT INTO memberships (company_id, user_id) SELECT ${w.acme}, id FROM (${people}) p`);
      const team = await createTeam(tx, w.acme, { name: 'Everyone big' });
      await tx.execute(
        sql`INSERT INTO team_members (company_id, team_id, user_id) SELECT ${w.acme}, ${team.id}, id FROM (${people}) p`,
      );
      return team.id;
    });
    const before = await counts();
    const res = await req('POST', '/api/attendance/assignments/bulk', {
      scheduleUuid: w.late,
      effectiveFrom: today(),
      teamUuid: big,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { batchId, ...rest } = res.json();
    expect(rest).toEqual({ assigned: 0, queued: 501 });
    // Eleven parts of at most 50 people, one batch, run one after another: the first due now, each
    // other held until the part before it releases it.
    const parts = await t.db.system((tx) =>
      tx.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE batch_id = ${batchId} AND type = 'attendance.assign_schedule'`,
      ),
    );
    expect((parts.rows[0] as { n: number }).n).toBe(11);
    const progress = () => req('GET', `/api/attendance/assignments/bulk/${batchId}`);
    const first = (await progress()).json();
    expect(first).toMatchObject({ batchId, total: 501 });
    expect(first.assigned + first.failed + first.pending).toBe(501);
    let last = first;
    const until = Date.now() + 100_000;
    while (!last.done && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      last = (await progress()).json();
    }
    expect(last).toEqual({ batchId, total: 501, assigned: 501, failed: 0, pending: 0, done: true });
    // They ran one at a time: each part was made due by the one before it, in the transaction that
    // finished it (the same clock: its run_at is the other's finished_at).
    const runs = (
      await t.db.system((tx) =>
        tx.execute(sql`SELECT split_part(key, ':', 3)::int AS part, run_at::text, finished_at::text FROM jobs
                        WHERE batch_id = ${batchId} ORDER BY 1`),
      )
    ).rows as Array<{ part: number; run_at: string; finished_at: string }>;
    expect(runs.map((r) => r.part)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let k = 1; k < runs.length; k++) expect(runs[k]!.run_at).toBe(runs[k - 1]!.finished_at);
    expect(await counts()).toEqual({ ...before, Office: before.Office! - 501, Late: before.Late! + 501 });
    // One audit entry for the request, saying it went to the background.
    const log = (await req('GET', '/api/audit-log?itemsPerPage=5')).json();
    expect(log.data[0]).toMatchObject({
      action: 'schedule_assignment.bulk',
      after: { schedule: 'Late', effectiveFrom: today(), people: 501, background: true, teamId: big },
    });
    // Another company's admin, and an unknown batch, see nothing (the same answer).
    const gAdmin = await t.db.system(async (tx) => {
      const u = await createUser(tx, { email: 'gadmin@globex.test', firstName: 'Gia' });
      const globex = (await tx.execute(sql`SELECT id FROM companies WHERE sub_domain = 'globex'`)).rows[0] as {
        id: string;
      };
      await addMembership(tx, globex.id, u.id, { roles: ['admin'] });
      return { user: u.id, company: globex.id };
    });
    const foreign = await call(t.app, {
      method: 'GET',
      url: `/api/attendance/assignments/bulk/${batchId}`,
      host: 'globex',
      token: (await tokenFor(t.app, gAdmin.user, gAdmin.company)).token,
    });
    const unknown = await req('GET', '/api/attendance/assignments/bulk/00000000-0000-4000-8000-000000000000');
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());

    // While a background assignment of the company is under way (a part still due: here one held for
    // an hour), another is refused with its reason and queues nothing; chosen people still go at once.
    const held = await t.db.system((tx) =>
      enqueue(tx, {
        type: 'attendance.assign_schedule',
        companyId: w.acme,
        payload: { scheduleId: w.late, effectiveFrom: today(), userIds: [], units: 0 },
        runAt: new Date(Date.now() + 3_600_000),
      }),
    );
    const jobs = async () =>
      (await t.db.system((tx) => tx.execute(sql`SELECT count(*)::int AS n FROM jobs`))).rows[0] as { n: number };
    const queuedBefore = await jobs();
    const again = await req(
      'POST',
      '/api/attendance/assignments/bulk',
      { scheduleUuid: w.early, effectiveFrom: today(), teamUuid: big },
      'fr',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SCHEDULE_BULK_RUNNING',
      message:
        'Une attribution d’horaire à un grand groupe est encore en cours : attendez qu’elle soit terminée, puis réessayez.',
    });
    expect(await jobs()).toEqual(queuedBefore);
    const few = await req('POST', '/api/attendance/assignments/bulk', {
      scheduleUuid: w.early,
      effectiveFrom: today(),
      userUuids: [w.people[0]],
    });
    expect(few.json()).toEqual({ assigned: 1 });
    await t.db.system((tx) => tx.execute(sql`DELETE FROM jobs WHERE id = ${held}`));

    // A part that gave up (dead) releases nobody: the parts held behind it count as failed too, and
    // the batch is over. (Made so by hand: the batch above, its part 3 dead, parts 4–10 still held.)
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE jobs SET state = CASE WHEN split_part(key, ':', 3)::int = 3 THEN 'dead' ELSE 'queued' END,
                            run_at = now() + interval '1 year'
                      WHERE batch_id = ${batchId} AND split_part(key, ':', 3)::int >= 3`),
    );
    expect((await progress()).json()).toEqual({
      batchId,
      total: 501,
      assigned: 150,
      failed: 351,
      pending: 0,
      done: true,
    });
    await t.db.system((tx) => tx.execute(sql`UPDATE jobs SET state = 'done' WHERE batch_id = ${batchId}`));

    // More than 50 people chosen by name go to the background too (two parts), and come out the same.
    const sixty = (
      await t.db.system((tx) =>
        tx.execute(sql`SELECT id FROM users WHERE email LIKE 'big%@acme.test' ORDER BY email LIMIT 60`),
      )
    ).rows.map((r) => (r as { id: string }).id);
    const chosen = await req('POST', '/api/attendance/assignments/bulk', {
      scheduleUuid: w.early,
      effectiveFrom: today(),
      userUuids: sixty,
    });
    expect(chosen.json()).toMatchObject({ assigned: 0, queued: 60 });
    const chosenBatch = chosen.json().batchId as string;
    let state = (await req('GET', `/api/attendance/assignments/bulk/${chosenBatch}`)).json();
    const deadline = Date.now() + 60_000;
    while (!state.done && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      state = (await req('GET', `/api/attendance/assignments/bulk/${chosenBatch}`)).json();
    }
    expect(state).toEqual({ batchId: chosenBatch, total: 60, assigned: 60, failed: 0, pending: 0, done: true });
    expect((await counts()).Early).toBe(before.Early! + 60 + 1);
  });

  it('a person assigned or unassigned while a background part naming them is still to run keeps that later choice', async () => {
    const [a, b, c, d, e] = w.people as [string, string, string, string, string, string];
    const day = '2031-03-03';
    // A part still to run (held an hour) that would put five people on Early from that day.
    const part = await t.db.system((tx) =>
      enqueue(tx, {
        type: 'attendance.assign_schedule',
        companyId: w.acme,
        payload: { scheduleId: w.early, effectiveFrom: day, userIds: [a, b, c, d, e], units: 5, next: null },
        runAt: new Date(Date.now() + 3_600_000),
      }),
    );
    const partPeople = async () =>
      (
        (await t.db.system((tx) => tx.execute(sql`SELECT payload->'userIds' AS ids FROM jobs WHERE id = ${part}`)))
          .rows[0] as { ids: string[] }
      ).ids;
    // One person assigned to Late on that day, one whose own assignment of that day is removed,
    // two chosen in a bulk assignment small enough to be written at once.
    const one = await req('POST', '/api/attendance/assignments', {
      userUuid: a,
      scheduleUuid: w.late,
      effectiveFrom: day,
    });
    expect(one.statusCode, one.body).toBe(201);
    const made = await req('POST', '/api/attendance/assignments', {
      userUuid: b,
      scheduleUuid: w.late,
      effectiveFrom: day,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await partPeople()).toEqual([c, d, e]);
    const removed = await req('DELETE', `/api/attendance/assignments/${made.json().uuid}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const few = await req('POST', '/api/attendance/assignments/bulk', {
      scheduleUuid: w.office,
      effectiveFrom: day,
      userUuids: [c, d],
    });
    expect(few.json()).toEqual({ assigned: 2 });
    expect(await partPeople()).toEqual([e]);
    // The part runs: it writes only the person nobody chose for since.
    await t.db.system((tx) => tx.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${part}`));
    const until = Date.now() + 30_000;
    const state = async () =>
      (
        (await t.db.system((tx) => tx.execute(sql`SELECT state FROM jobs WHERE id = ${part}`))).rows[0] as {
          state: string;
        }
      ).state;
    while ((await state()) !== 'done' && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await state()).toBe('done');
    const onDay = (
      await t.db.system((tx) =>
        tx.execute(
          sql`SELECT user_id, schedule_id FROM schedule_assignments WHERE company_id = ${w.acme} AND effective_from = ${day}`,
        ),
      )
    ).rows as Array<{ user_id: string; schedule_id: string }>;
    expect(Object.fromEntries(onDay.map((r) => [r.user_id, r.schedule_id]))).toEqual({
      [a]: w.late,
      [c]: w.office,
      [d]: w.office,
      [e]: w.early,
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser, setEmployee } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

/** The org chart's top: who is there, in which order, and the kept list of members without a record. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the top of the org chart', () => {
  it('lists people with reports first, most reports first, then everyone else by name, a page at a time', async () => {
    const ids = await t.db.system(async (tx) => {
      const initech = await createCompany(tx, { name: 'Initech', subDomain: 'initech' });
      const add = async (first: string, last: string) => {
        const user = await createUser(tx, {
          email: `${first.toLowerCase()}@initech.test`,
          firstName: first,
          lastName: last,
        });
        await addMembership(tx, initech.id, user.id, { roles: ['member'] });
        return user.id;
      };
      const p = {
        company: initech.id,
        zed: await add('Zed', 'Zulu'),
        yan: await add('Yan', 'Young'),
        amy: await add('Amy', 'Adams'),
        bea: await add('Bea', 'Brown'),
        cal: await add('Cal', 'Clark'),
        dot: await add('Dot', 'Dunn'),
        eve: await add('Eve', 'Evans'),
        abe: await add('Abe', 'Able'),
      };
      // Zed manages three, Amy one, Yan one whose employment ended, Abe nobody: Zed, Amy, then by name.
      for (const r of [p.bea, p.cal, p.dot]) await setEmployee(tx, p.company, r, { managerUserId: p.zed });
      await setEmployee(tx, p.company, p.eve, { managerUserId: p.amy });
      const gone = await add('Gus', 'Gone');
      await setEmployee(tx, p.company, gone, { managerUserId: p.yan, endDate: '2001-01-01' });
      return p;
    });
    const token = (await tokenFor(t.app, ids.bea, ids.company)).token;
    const level = async (limit: number) =>
      (
        await call(t.app, { method: 'GET', url: `/api/employees/org-chart?limit=${limit}`, host: 'initech', token })
      ).json();
    const all = await level(10);
    expect(all.data.map((n: { uuid: string; reportCount: number }) => [n.uuid, n.reportCount])).toEqual([
      [ids.zed, 3],
      [ids.amy, 1],
      [ids.abe, 0],
      [ids.yan, 0],
    ]);
    expect(all.hasMore).toBe(false);
    const first = await level(3);
    expect(first.data.map((n: { uuid: string }) => n.uuid)).toEqual([ids.zed, ids.amy, ids.abe]);
    expect(first.hasMore).toBe(true);
    // "Show more": the next page starts where the first ended, at the top and in a manager's reports.
    const get = async (url: string) => (await call(t.app, { method: 'GET', url, host: 'initech', token })).json();
    const next = await get('/api/employees/org-chart?limit=3&offset=3');
    expect(next).toMatchObject({ hasMore: false, data: [{ uuid: ids.yan }] });
    const reports = async (offset: number) =>
      get(`/api/employees/org-chart?managerUuid=${ids.zed}&limit=2&offset=${offset}`);
    const [r1, r2] = [await reports(0), await reports(2)];
    expect([r1.hasMore, r2.hasMore]).toEqual([true, false]);
    expect([...r1.data, ...r2.data].map((n: { uuid: string }) => n.uuid)).toEqual([ids.bea, ids.cal, ids.dot]);
    const bad = await call(t.app, { method: 'GET', url: '/api/employees/org-chart?offset=-1', host: 'initech', token });
    expect(bad.statusCode).toBe(400);
  });

  it('finds the top from records without a current manager and members without a record', async () => {
    const ids = await t.db.system(async (tx) => {
      const co = await createCompany(tx, { name: 'Hooli', subDomain: 'hooli' });
      const other = await createCompany(tx, { name: 'Pied Piper', subDomain: 'piedpiper' });
      const add = async (first: string) => {
        const user = await createUser(tx, {
          email: `${first.toLowerCase()}@hooli.test`,
          firstName: first,
          lastName: 'H',
        });
        await addMembership(tx, co.id, user.id, { roles: ['member'] });
        await setEmployee(tx, co.id, user.id, { jobTitle: 'Staff' });
        return user.id;
      };
      const p = {
        company: co.id,
        other: other.id,
        gav: await add('Gav'),
        ann: await add('Ann'),
        bo: await add('Bo'),
        cy: await add('Cy'),
      };
      // Everyone has a record: Gav at the top, Ann reports to Gav, Bo and Cy to Ann.
      await setEmployee(tx, co.id, p.ann, { managerUserId: p.gav });
      for (const r of [p.bo, p.cy]) await setEmployee(tx, co.id, r, { managerUserId: p.ann });
      return p;
    });
    const token = (await tokenFor(t.app, ids.gav, ids.company)).token;
    const top = async () =>
      (await call(t.app, { method: 'GET', url: '/api/employees/org-chart', host: 'hooli', token }))
        .json()
        .data.map((n: { uuid: string; reportCount: number }) => [n.uuid, n.reportCount]);
    const set = (q: ReturnType<typeof sql>) => t.db.system((tx) => tx.execute(q));
    // The members without a record, as the triggers keep them and as a comparison of every membership
    // with every record finds them: the same at every step below.
    const gaps = async () => {
      const [kept, reference] = await t.db.system(async (tx) => [
        await rows<{ user_id: string }>(
          tx,
          sql`SELECT user_id FROM employee_record_gaps WHERE company_id = ${ids.company} ORDER BY user_id`,
        ),
        await rows<{ user_id: string }>(
          tx,
          sql`SELECT m.user_id FROM memberships m WHERE m.company_id = ${ids.company}
                 AND NOT EXISTS (SELECT 1 FROM employees e WHERE e.company_id = m.company_id AND e.user_id = m.user_id)
               ORDER BY m.user_id`,
        ),
      ]);
      expect(kept).toEqual(reference);
      return kept.map((r) => r.user_id);
    };
    expect(await gaps()).toEqual([]);
    expect(await top()).toEqual([[ids.gav, 1]]);
    // Ann disabled: her reports have no current manager and join Gav at the top (by name: all are H);
    // enabled again, they go back.
    await set(sql`UPDATE memberships SET enabled = false WHERE company_id = ${ids.company} AND user_id = ${ids.ann}`);
    expect(await top()).toEqual([
      [ids.bo, 0],
      [ids.cy, 0],
      [ids.gav, 0],
    ]);
    await set(sql`UPDATE memberships SET enabled = true WHERE company_id = ${ids.company} AND user_id = ${ids.ann}`);
    expect(await top()).toEqual([[ids.gav, 1]]);
    // A member without a record is at the top.
    const newcomer = await t.db.system(async (tx) => {
      const u = await createUser(tx, { email: 'new@hooli.test', firstName: 'Nia', lastName: 'New' });
      await addMembership(tx, ids.company, u.id, { roles: ['member'] });
      return u.id;
    });
    expect(await top()).toEqual([
      [ids.gav, 1],
      [newcomer, 0],
    ]);
    expect(await gaps()).toEqual([newcomer]);
    // The app role reads its own company's gaps only and writes none.
    const asApp = <T>(companyId: string, fn: (tx: Parameters<Parameters<typeof t.db.system>[0]>[0]) => Promise<T>) =>
      t.db.scoped({ companyId, userId: ids.gav }, fn);
    expect(
      await asApp(ids.company, (tx) => rows<{ user_id: string }>(tx, sql`SELECT user_id FROM employee_record_gaps`)),
    ).toEqual([{ user_id: newcomer }]);
    expect(
      await asApp(ids.other, (tx) =>
        rows(tx, sql`SELECT 1 FROM employee_record_gaps WHERE company_id = ${ids.company}`),
      ),
    ).toEqual([]);
    const write = await asApp(ids.company, (tx) =>
      tx.execute(sql`DELETE FROM employee_record_gaps WHERE company_id = ${ids.company}`),
    ).then(
      () => 'allowed',
      (e: Error & { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
    );
    expect(write).toBe('42501');
    // A record written fills the gap; a record removed while the member stays opens it again.
    await t.db.system((tx) => setEmployee(tx, ids.company, newcomer, { jobTitle: 'Intern' }));
    expect(await gaps()).toEqual([]);
    await set(sql`DELETE FROM employees WHERE company_id = ${ids.company} AND user_id = ${newcomer}`);
    expect(await gaps()).toEqual([newcomer]);
    // Ann removed from the company: her reports' records stay, without a manager, at the top.
    await set(sql`DELETE FROM memberships WHERE company_id = ${ids.company} AND user_id = ${ids.ann}`);
    const [bo] = await t.db.system((tx) =>
      rows<{ manager_user_id: string | null; job_title: string }>(
        tx,
        sql`SELECT manager_user_id, job_title FROM employees WHERE company_id = ${ids.company} AND user_id = ${ids.bo}`,
      ),
    );
    expect(bo).toEqual({ manager_user_id: null, job_title: 'Staff' });
    expect(await gaps()).toEqual([newcomer]);
    expect(await top()).toEqual([
      [ids.bo, 0],
      [ids.cy, 0],
      [ids.gav, 0],
      [newcomer, 0],
    ]);
  });
});

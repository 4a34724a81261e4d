import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { directory } from './employees.repository';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let u: Record<string, string>;
let tok: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  u = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const person = async (email: string, first: string, company: string, roles = ['member']) => {
      const user = await createUser(tx, { email, firstName: first, lastName: 'Test' });
      await addMembership(tx, company, user.id, { roles });
      return user.id;
    };
    return {
      acme: acme.id,
      globex: globex.id,
      admin: await person('admin@acme.test', 'Ada', acme.id, ['admin']),
      alice: await person('alice@acme.test', 'Alice', acme.id),
      bob: await person('bob@acme.test', 'Bob', acme.id),
      carol: await person('carol@acme.test', 'Carol', acme.id),
      dan: await person('dan@acme.test', 'Dan', acme.id),
      gina: await person('gina@globex.test', 'Gina', globex.id, ['admin']),
    };
  });
  tok = {};
  for (const k of ['admin', 'alice', 'bob', 'carol', 'dan']) tok[k] = (await tokenFor(t.app, u[k]!, u.acme!)).token;
  tok.gina = (await tokenFor(t.app, u.gina!, u.globex!)).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const req = (method: Method, url: string, payload?: object, who = 'admin', lang = 'en') =>
  call(t.app, {
    method,
    url,
    host: who === 'gina' ? 'globex' : 'acme',
    token: tok[who],
    payload,
    headers: { 'accept-language': lang },
  });
const record = async (who: string, as = 'admin') =>
  (await req('GET', `/api/employees/${u[who]}`, undefined, as)).json();
const patch = async (who: string, body: object, as = 'admin', lang = 'en') => {
  const version = (await record(who, 'admin')).version;
  return req('PATCH', `/api/employees/${u[who]}`, { version, ...body }, as, lang);
};
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('employee records', () => {
  let secretField: string;
  let shirtField: string;

  it('lets an admin fill a record; the person sees all of it, a colleague the directory view only', async () => {
    secretField = (
      await req('POST', '/api/employees/fields', {
        label: 'Salary band',
        type: 'select',
        options: ['A', 'B'],
        private: true,
      })
    ).json().uuid;
    shirtField = (await req('POST', '/api/employees/fields', { label: 'Shirt size', type: 'text' })).json().uuid;
    expect(await record('bob')).toMatchObject({ version: 0, jobTitle: null, view: 'full' });
    const res = await patch('bob', {
      jobTitle: 'Engineer',
      employmentType: 'full_time',
      startDate: '2024-02-01',
      workLocation: 'Lisbon',
      workPhone: '+351 210 000 000',
      emergencyContact: { name: 'Zed Secretperson', relation: 'Partner', phone: '+351 910 000 000' },
      custom: { [secretField]: 'B', [shirtField]: 'M' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 1, jobTitle: 'Engineer', startDate: '2024-02-01' });

    const own = await record('bob', 'bob');
    expect(own).toMatchObject({
      view: 'full',
      emergencyContact: { name: 'Zed Secretperson' },
      custom: { [secretField]: 'B', [shirtField]: 'M' },
      editable: ['workPhone', 'workLocation', 'emergencyContact'],
    });
    const colleague = await record('bob', 'alice');
    expect(colleague).toMatchObject({ view: 'directory', jobTitle: 'Engineer', workPhone: '+351 210 000 000' });
    expect(colleague.custom).toEqual({ [shirtField]: 'M' });
    expect(JSON.stringify(colleague)).not.toMatch(/Secretperson|Partner|Lisbon|full_time/);
    expect(colleague.editable).toEqual([]);

    // Neither the directory nor its search answers with, or by, a private value.
    const dir = await req('GET', '/api/employees?itemsPerPage=100', undefined, 'alice');
    expect(dir.statusCode).toBe(200);
    expect(JSON.stringify(dir.json())).not.toMatch(/Secretperson|Salary/);
    expect((await req('GET', '/api/employees?search=secretperson', undefined, 'alice')).json().totalItems).toBe(0);
    expect((await req('GET', '/api/employees?search=secretperson')).json().totalItems).toBe(0);
    expect((await req('GET', '/api/employees?search=engin', undefined, 'alice')).json().data[0].uuid).toBe(u.bob);

    // The admins' export has everything; a member may not export.
    const csv = await req('GET', '/api/employees/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Zed Secretperson');
    expect(csv.body).toContain('Salary band');
    expect((await req('GET', '/api/employees/export.csv', undefined, 'alice')).statusCode).toBe(403);
  });

  it('lets a person edit only the fields the company marks self-editable', async () => {
    const mine = await patch('bob', { workPhone: '+351 211 111 111' }, 'bob');
    expect(mine.statusCode).toBe(200);
    const before = await record('bob');
    const title = await patch('bob', { jobTitle: 'Chief' }, 'bob', 'de');
    expect(title.statusCode).toBe(403);
    expect(title.json()).toMatchObject({ code: 'FIELD_NOT_SELF_EDITABLE', issues: [{ path: 'body.jobTitle' }] });
    expect(title.json().message).toContain('Feld');
    const secret = await patch('bob', { custom: { [secretField]: 'A' } }, 'bob');
    expect(secret.statusCode).toBe(403);
    expect((await patch('bob', { workPhone: '+1 555 0100' }, 'alice')).statusCode).toBe(403);
    expect(await record('bob')).toEqual(before);

    const s = (await req('GET', '/api/employees/settings', undefined, 'bob')).json();
    const changed = await req('PATCH', '/api/employees/settings', { version: s.version, selfEditable: ['jobTitle'] });
    expect(changed.json().selfEditable).toEqual(['jobTitle']);
    expect((await patch('bob', { jobTitle: 'Senior engineer' }, 'bob')).statusCode).toBe(200);
    expect((await patch('bob', { workPhone: '+1 555 0100' }, 'bob')).statusCode).toBe(403);
    expect((await req('PATCH', '/api/employees/settings', { version: 1, selfEditable: [] }, 'bob')).statusCode).toBe(
      403,
    );
  });

  it('refuses bad values with a translated reason and changes nothing', async () => {
    await req('POST', '/api/employees/fields', { label: 'Desk', type: 'number' });
    const fields = (await req('GET', '/api/employees/fields', undefined, 'alice')).json().data;
    const desk = fields.find((f: { label: string }) => f.label === 'Desk').uuid;
    const before = await record('carol');
    const cases = [
      { custom: { [desk]: 'twelve' } },
      { custom: { [secretField]: 'Z' } },
      { custom: { '00000000-0000-4000-8000-000000000000': 'x' } },
      { startDate: '2025-02-30' },
      { workPhone: 'call me' },
      { employmentType: 'volunteer' },
      { startDate: '2025-05-01', endDate: '2025-04-01' },
    ];
    for (const body of cases) {
      const res = await patch('carol', body, 'admin', 'fr');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const endFirst = await patch('carol', { startDate: '2025-05-01', endDate: '2025-04-01' }, 'admin', 'fr');
    expect(endFirst.json().issues[0]).toMatchObject({ path: 'body.endDate', code: 'endBeforeStart' });
    expect(endFirst.json().issues[0].message).toContain('date de fin');
    // An end before the start already recorded is caught against the stored value too.
    await patch('carol', { startDate: '2025-05-01' });
    const later = await patch('carol', { endDate: '2025-04-01' });
    expect(later.json().issues[0].code).toBe('endBeforeStart');
    expect((await patch('carol', { departmentUuid: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const after = await record('carol');
    expect({ ...after, version: 0, startDate: null }).toEqual({ ...before, version: 0, startDate: null });
    expect((await req('GET', '/api/employees/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await req('GET', `/api/employees/${u.gina}`)).statusCode).toBe(404);
  });

  it('keeps the manager chain free of cycles, within the company', async () => {
    expect((await patch('alice', { managerUuid: u.admin })).statusCode).toBe(200);
    expect((await patch('bob', { managerUuid: u.alice })).statusCode).toBe(200);
    expect((await patch('carol', { managerUuid: u.bob })).statusCode).toBe(200);
    const before = await record('alice');
    const loop = await patch('alice', { managerUuid: u.carol }, 'admin', 'ar');
    expect(loop.statusCode).toBe(409);
    expect(loop.json().code).toBe('MANAGER_CYCLE');
    expect(loop.json().message).toMatch(/[\u0600-\u06FF]/);
    expect((await patch('alice', { managerUuid: u.alice })).json().code).toBe('MANAGER_SELF');
    const foreign = await patch('alice', { managerUuid: u.gina });
    expect([foreign.statusCode, foreign.json().issues[0].path]).toEqual([404, 'body.managerUuid']);
    expect(await record('alice')).toEqual(before);
    expect((await record('bob', 'dan')).manager).toMatchObject({ uuid: u.alice, firstName: 'Alice' });

    // The org chart: the top, a manager's reports with their counts, a person's path from the top.
    const top = (await req('GET', '/api/employees/org-chart', undefined, 'dan')).json().data;
    expect(top.map((n: { uuid: string }) => n.uuid)).toContain(u.admin);
    expect(top.map((n: { uuid: string }) => n.uuid)).not.toContain(u.bob);
    const level = (await req('GET', `/api/employees/org-chart?managerUuid=${u.alice}`, undefined, 'dan')).json();
    expect(level).toMatchObject({ hasMore: false, data: [{ uuid: u.bob, reportCount: 1 }] });
    const path = (await req('GET', `/api/employees/${u.carol}/org-path`, undefined, 'dan')).json().data;
    expect(path.map((n: { uuid: string }) => n.uuid)).toEqual([u.admin, u.alice, u.bob, u.carol]);
    expect(path.map((n: { reportCount: number }) => n.reportCount)).toEqual([1, 1, 1, 0]);
    expect((await req('GET', `/api/employees/${u.gina}/org-path`, undefined, 'dan')).statusCode).toBe(404);
  });

  it('takes an ended employment out of the chain and the directory, and keeps its record', async () => {
    // A report counts while current: Carol, Bob's report, ended or disabled is not counted.
    const bobCount = async () =>
      (await req('GET', `/api/employees/org-chart?managerUuid=${u.alice}`, undefined, 'dan')).json().data[0]
        .reportCount;
    expect(await bobCount()).toBe(1);
    expect((await patch('carol', { endDate: iso(-1), startDate: '2020-01-01' })).statusCode).toBe(200);
    expect(await bobCount()).toBe(0);
    expect((await patch('carol', { endDate: null })).statusCode).toBe(200);
    const enableCarol = (on: boolean) =>
      t.db.system((tx) =>
        tx.execute(sql`UPDATE memberships SET enabled = ${on} WHERE company_id = ${u.acme} AND user_id = ${u.carol}`),
      );
    await enableCarol(false);
    expect(await bobCount()).toBe(0);
    await enableCarol(true);
    expect(await bobCount()).toBe(1);
    expect((await patch('bob', { endDate: iso(-1), startDate: '2020-01-01' })).statusCode).toBe(200);
    const dir = (await req('GET', '/api/employees?itemsPerPage=100', undefined, 'dan')).json();
    expect(dir.data.map((p: { uuid: string }) => p.uuid)).not.toContain(u.bob);
    // The whole directory's total comes from the member counter less the ended: it agrees with the page.
    expect(dir.totalItems).toBe(4);
    expect(dir.data).toHaveLength(4);
    expect((await req('GET', `/api/employees/${u.bob}`, undefined, 'dan')).statusCode).toBe(404);
    expect((await req('GET', '/api/employees?status=ended', undefined, 'dan')).statusCode).toBe(403);
    const ended = (await req('GET', '/api/employees?status=ended')).json();
    expect(ended.data.map((p: { uuid: string }) => p.uuid)).toEqual([u.bob]);
    expect((await record('bob')).jobTitle).toBe('Senior engineer');
    // Carol, who reported to Bob, has no current manager: she is at the top of the chart now.
    expect((await record('carol', 'dan')).manager).toBeNull();
    const top = (await req('GET', '/api/employees/org-chart', undefined, 'dan')).json().data;
    expect(top.map((n: { uuid: string }) => n.uuid)).toContain(u.carol);
    const aliceLevel = (await req('GET', `/api/employees/org-chart?managerUuid=${u.alice}`, undefined, 'dan')).json();
    expect(aliceLevel.data).toEqual([]);
    // An end date today still counts as employed.
    await patch('bob', { endDate: iso(0) });
    expect((await req('GET', `/api/employees/${u.bob}`, undefined, 'dan')).statusCode).toBe(200);
    expect((await req('GET', '/api/employees', undefined, 'dan')).json().totalItems).toBe(5);
    // A disabled membership leaves the directory and its total.
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE memberships SET enabled = false WHERE company_id = ${u.acme} AND user_id = ${u.dan}`),
    );
    const after = (await req('GET', '/api/employees?itemsPerPage=100')).json();
    expect(after.totalItems).toBe(4);
    expect(after.data.map((p: { uuid: string }) => p.uuid)).not.toContain(u.dan);
    // Colleagues no longer read the card of someone who left the directory; admins still do.
    expect((await req('GET', `/api/employees/${u.dan}`, undefined, 'alice')).statusCode).toBe(404);
    // Nor does a write tell them the person is still there: the same 404 as for nobody, not a 403.
    const write = await req('PATCH', `/api/employees/${u.dan}`, { version: 0, jobTitle: 'Gone' }, 'alice');
    expect([write.statusCode, write.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await req('GET', `/api/employees/${u.dan}`)).json()).toMatchObject({ uuid: u.dan, view: 'full' });
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE memberships SET enabled = true WHERE company_id = ${u.acme} AND user_id = ${u.dan}`),
    );
  });

  it('audits writes with before and after', async () => {
    const [entry] = await t.db.system((tx) =>
      rows<{ before: { jobTitle: string }; after: { jobTitle: string } }>(
        tx,
        sql`SELECT before, after FROM audit_log WHERE action = 'employee.update' AND target_id = ${u.bob}
             AND after->>'jobTitle' = 'Senior engineer' ORDER BY created_at LIMIT 1`,
      ),
    );
    expect(entry).toMatchObject({ before: { jobTitle: 'Engineer' }, after: { jobTitle: 'Senior engineer' } });
  });

  it('shows another company nothing', async () => {
    const list = (await req('GET', '/api/employees?itemsPerPage=100', undefined, 'gina')).json();
    expect(list.data.map((p: { uuid: string }) => p.uuid)).toEqual([u.gina]);
    expect((await req('GET', '/api/employees/fields', undefined, 'gina')).json().data).toEqual([]);
    expect((await req('PATCH', `/api/employees/${u.bob}`, { version: 1, jobTitle: 'x' }, 'gina')).statusCode).toBe(404);
    const field = (await req('GET', '/api/employees/fields')).json().data[0];
    const del = await req('DELETE', `/api/employees/fields/${field.uuid}`, undefined, 'gina');
    expect(del.statusCode).toBe(404);
  });
});

describe('the directory search', () => {
  it('finds by name, email and job title, the same through the trigram indexes as walking the people', async () => {
    await patch('carol', { jobTitle: 'Platform lead' });
    await patch('dan', { jobTitle: 'Office manager' });
    const found = async (search: string, extra = '') =>
      (
        await req(
          'GET',
          `/api/employees?search=${encodeURIComponent(search)}&itemsPerPage=100${extra}`,
          undefined,
          'dan',
        )
      ).json();
    const names = (page: { data: Array<{ firstName: string }> }) => page.data.map((p) => p.firstName);
    expect(names(await found('platform'))).toEqual(['Carol']); // job title
    expect(names(await found('alice@'))).toEqual(['Alice']); // email
    expect(names(await found('da'))).toEqual(['Ada', 'Dan']); // two letters: name or email, no trigram
    expect(names(await found('FF'))).toEqual(['Dan']); // two letters of a job title alone ("Office")
    expect(names(await found('MANAGER'))).toEqual(['Dan']);
    expect(await found('tes')).toMatchObject({ totalItems: 5, totalIsLowerBound: false });
    expect(await found('%')).toMatchObject({ totalItems: 0, data: [] });
    expect((await req('GET', '/api/employees?search=zzz', undefined, 'gina')).json().totalItems).toBe(0);

    // Past the cap (1,000; 2 here) the page walks the people in order and tests each, and the total
    // says "more than": both ways agree on every page, filter and order.
    const today = iso(0);
    const both = (q: Record<string, unknown>) =>
      t.db.scoped({ companyId: u.acme!, userId: u.admin! }, async (tx) => [
        await directory(tx, u.acme!, today, { status: 'current', page: 1, itemsPerPage: 2, ...q } as never),
        await directory(tx, u.acme!, today, { status: 'current', page: 1, itemsPerPage: 2, ...q } as never, 2),
      ]);
    for (const q of [
      { search: 'tes' },
      { search: 'tes', page: 2 },
      { search: 'tes', page: 3, order: 'desc' },
      { search: 'e', sort: 'jobTitle' },
      { search: 'a', status: 'all' },
      { search: 'lea' },
      { search: 'acme.test', managerUuid: u.alice },
    ]) {
      const [indexed, walked] = await both(q);
      expect(walked!.data, JSON.stringify(q)).toEqual(indexed!.data);
      if (indexed!.totalItems > 2) expect(walked).toMatchObject({ totalItems: 2, totalIsLowerBound: true });
      else expect(walked).toMatchObject({ totalItems: indexed!.totalItems, totalIsLowerBound: false });
    }
  });
});

describe('custom values over time', () => {
  it('refuses a person emptying a required field they may edit, as it refuses an admin', async () => {
    const nick = (
      await req('POST', '/api/employees/fields', {
        label: 'Nickname',
        type: 'text',
        required: true,
        selfEditable: true,
      })
    ).json().uuid as string;
    expect((await patch('carol', { custom: { [nick]: 'Cee' } })).statusCode).toBe(200);
    const emptied = await patch('carol', { custom: { [nick]: null } }, 'carol', 'de');
    expect([emptied.statusCode, emptied.json().issues]).toEqual([
      400,
      [{ path: `body.custom.${nick}`, code: 'required', message: 'Dieses Feld ist erforderlich.' }],
    ]);
    expect((await record('carol', 'carol')).custom[nick]).toBe('Cee');
    expect((await patch('carol', { custom: { [nick]: 'C' } }, 'carol')).statusCode).toBe(200);
    const f = (await req('GET', '/api/employees/fields')).json().data.find((x: { uuid: string }) => x.uuid === nick);
    expect((await req('DELETE', `/api/employees/fields/${nick}?version=${f.version}`)).statusCode).toBeLessThan(300);
  });

  it('keeps saving a record whose value an option removed since no longer offers; a new value must be one', async () => {
    const shirt = (
      await req('POST', '/api/employees/fields', { label: 'Team shirt', type: 'select', options: ['S', 'XL'] })
    ).json().uuid as string;
    expect((await patch('dan', { custom: { [shirt]: 'XL' } })).statusCode).toBe(200);
    const field = () =>
      req('GET', '/api/employees/fields').then((r) => r.json().data.find((x: { uuid: string }) => x.uuid === shirt));
    const edited = await req('PATCH', `/api/employees/fields/${shirt}`, {
      version: (await field()).version,
      options: ['S'],
    });
    expect(edited.statusCode).toBe(200);
    // The console sends every value it shows: the kept "XL" beside the change.
    const kept = await patch('dan', { workLocation: 'Lisbon', custom: { [shirt]: 'XL' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await record('dan')).workLocation).toBe('Lisbon');
    expect((await patch('dan', { custom: { [shirt]: 'M' } })).statusCode).toBe(400);
  });
});

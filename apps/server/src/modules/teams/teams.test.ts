import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createTeam, createUser } from '../../db/seed/factories';
import { parseCsv } from '../../lib/csv';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let ids: Record<string, string>;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const a = await createUser(tx, { email: 'a@acme.test', firstName: 'Ann' });
    const b = await createUser(tx, { email: 'b@acme.test', firstName: 'Bob' });
    const c = await createUser(tx, { email: 'c@acme.test', firstName: 'Cy' });
    const g = await createUser(tx, { email: 'g@globex.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b.id);
    await addMembership(tx, acme.id, c.id);
    await addMembership(tx, globex.id, g.id, { roles: ['admin'] });
    const gteam = await createTeam(tx, globex.id, { name: 'Globex only', memberIds: [g.id] });
    return { acme: acme.id, globex: globex.id, a: a.id, b: b.id, c: c.id, g: g.id, gteam: gteam.id };
  });
  admin = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
  member = (await tokenFor(t.app, ids.b!, ids.acme!)).token;
});
afterAll(() => t.close());

const req = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  token = admin,
) => call(t.app, { method, url, host: 'acme', token, payload });

describe('teams', () => {
  let team: { uuid: string; version: number };

  it('creates a team with a lead (who joins it) and members', async () => {
    const res = await req('POST', '/api/teams', {
      name: 'Platform',
      description: 'Infra',
      leadUuid: ids.a,
      memberUuids: [ids.b],
    });
    expect(res.statusCode).toBe(201);
    team = res.json();
    expect(res.json()).toMatchObject({ name: 'Platform', description: 'Infra', lead: { uuid: ids.a }, memberCount: 2 });
  });

  it('a member can be in several teams', async () => {
    const res = await req('POST', '/api/teams', { name: 'Design', memberUuids: [ids.b] });
    expect(res.statusCode).toBe(201);
    const teams = (await req('GET', `/api/members/${ids.b}/teams`)).json().data.map((x: { name: string }) => x.name);
    expect(teams).toEqual(['Design', 'Platform']);
  });

  it('lists, searches and sorts teams of this company only', async () => {
    const all = (await req('GET', '/api/teams')).json();
    expect(all).toMatchObject({ page: 1, itemsPerPage: 10, totalItems: 2 });
    expect(all.data.map((x: { name: string }) => x.name)).toEqual(['Design', 'Platform']);
    expect((await req('GET', '/api/teams?search=plat')).json().totalItems).toBe(1);
    expect((await req('GET', '/api/teams?search=globex')).json().totalItems).toBe(0);
    expect((await req('GET', '/api/teams?sort=members&order=desc')).json().data[0].name).toBe('Platform');
  });

  it('renames and describes with a version; stale versions and taken names are refused', async () => {
    const res = await req('PATCH', `/api/teams/${team.uuid}`, {
      version: team.version,
      name: 'Platform team',
      description: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Platform team', description: null, version: team.version + 1 });
    const stale = await req('PATCH', `/api/teams/${team.uuid}`, { version: team.version, name: 'Nope' });
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const taken = await req('PATCH', `/api/teams/${team.uuid}`, { version: team.version + 1, name: 'Design' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('TEAM_NAME_TAKEN');
    expect((await req('POST', '/api/teams', { name: 'Design' })).json().code).toBe('TEAM_NAME_TAKEN');
    expect((await req('GET', `/api/teams/${team.uuid}`)).json().name).toBe('Platform team');
  });

  it('refuses another company’s people as lead or members, and changes nothing', async () => {
    const t1 = await req('POST', '/api/teams', { name: 'Sneaky', leadUuid: ids.g });
    expect(t1.statusCode).toBe(404);
    expect(t1.json().issues[0].path).toBe('body.leadUuid');
    const t2 = await req('POST', `/api/teams/${team.uuid}/members`, { uuids: [ids.c, ids.g] });
    expect(t2.statusCode).toBe(404);
    expect((await req('GET', `/api/teams/${team.uuid}`)).json().memberCount).toBe(2);
    const lead = await req('PATCH', `/api/teams/${team.uuid}`, { version: team.version + 1, leadUuid: ids.g });
    expect(lead.statusCode).toBe(404);
    expect((await req('GET', '/api/teams?search=sneaky')).json().totalItems).toBe(0);
  });

  it('another company’s team is 404 on every route and untouched', async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/teams/${ids.gteam}`],
      ['GET', `/api/teams/${ids.gteam}/members`],
      ['PATCH', `/api/teams/${ids.gteam}`, { version: 1, name: 'pwned' }],
      ['POST', `/api/teams/${ids.gteam}/members`, { uuids: [ids.b] }],
      ['DELETE', `/api/teams/${ids.gteam}/members/${ids.g}`],
      ['DELETE', `/api/teams/${ids.gteam}`],
    ] as const) {
      expect((await req(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const [g] = await t.db.system((tx) =>
      rows<{ name: string; n: number }>(
        tx,
        sql`SELECT name, (SELECT count(*)::int FROM team_members WHERE team_id = ${ids.gteam}) AS n FROM teams WHERE id = ${ids.gteam}`,
      ),
    );
    expect(g).toEqual({ name: 'Globex only', n: 1 });
  });

  it('adds and removes members, pages them; removing the lead clears the lead', async () => {
    expect((await req('POST', `/api/teams/${team.uuid}/members`, { uuids: [ids.c, ids.c] })).json().memberCount).toBe(
      3,
    );
    const page = (await req('GET', `/api/teams/${team.uuid}/members?itemsPerPage=2`)).json();
    expect(page).toMatchObject({ totalItems: 3, itemsPerPage: 2 });
    expect(page.data[0]).toMatchObject({ firstName: 'Ann', isLead: true });
    expect((await req('DELETE', `/api/teams/${team.uuid}/members/${ids.a}`)).statusCode).toBe(204);
    expect((await req('GET', `/api/teams/${team.uuid}`)).json()).toMatchObject({ lead: null, memberCount: 2 });
    expect((await req('DELETE', `/api/teams/${team.uuid}/members/${ids.a}`)).statusCode).toBe(404);
  });

  it('members read nothing and write nothing (403)', async () => {
    expect((await req('GET', '/api/teams', undefined, member)).statusCode).toBe(403);
    expect((await req('POST', '/api/teams', { name: 'X' }, member)).statusCode).toBe(403);
  });

  it('deletes a team with the version check and audits it', async () => {
    const cur = (await req('GET', `/api/teams/${team.uuid}`)).json();
    expect((await req('DELETE', `/api/teams/${team.uuid}?version=${cur.version + 1}`)).statusCode).toBe(409);
    expect((await req('DELETE', `/api/teams/${team.uuid}?version=${cur.version}`)).statusCode).toBe(204);
    expect((await req('GET', `/api/teams/${team.uuid}`)).statusCode).toBe(404);
    const log = (await req('GET', '/api/audit-log?action=team.delete')).json();
    expect(log.totalItems).toBe(1);
    expect(log.data[0]).toMatchObject({
      targetId: team.uuid,
      actor: { uuid: ids.a },
      before: { name: 'Platform team' },
    });
  });
});

describe('GET /api/teams/export.csv', () => {
  let big: { company: string; admin: string; token: string };
  const exportOf = async (query: string, token = big.token, host = 'bigteams') => {
    const res = await call(t.app, { method: 'GET', url: `/api/teams/export.csv${query}`, host, token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="teams.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(['uuid', 'name', 'description', 'lead', 'members', 'createdAt']);
    return lines;
  };
  /** The ids of the company's teams in the order given, straight from the database. */
  const idsInOrder = (order: string, search = '') =>
    t.db.system((tx) =>
      rows<{ id: string }>(
        tx,
        sql`SELECT t.id FROM teams t WHERE t.company_id = ${big.company} AND t.name LIKE ${`${search}%`}
             ORDER BY ${sql.raw(order)}`,
      ).then((r) => r.map((x) => x.id)),
    );

  beforeAll(async () => {
    const made = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Big teams', subDomain: 'bigteams' });
      const a = await createUser(tx, { email: 'boss@bigteams.test', firstName: 'Boss' });
      await addMembership(tx, c.id, a.id, { roles: ['admin'] });
      await tx.execute(sql`INSERT INTO users (email, first_name, last_name)
        SELECT 'tm' || g || '@bigteams.test', 'T', 'M' FROM generate_series(1, 3) g`);
      await tx.execute(sql`INSERT INTO memberships (company_id, user_id)
        SELECT ${c.id}, id FROM users WHERE email LIKE 'tm%@bigteams.test'`);
      // 2,100 teams (created in one statement, so they tie on createdAt), with 0 to 3 members each.
      await tx.execute(sql`INSERT INTO teams (company_id, name, description)
        SELECT ${c.id}, 'T' || g, 'Team number ' || g FROM generate_series(1, 2100) g`);
      await tx.execute(sql`INSERT INTO team_members (company_id, team_id, user_id)
        SELECT ${c.id}, t.id, u.id FROM teams t JOIN users u ON u.email LIKE 'tm%@bigteams.test'
         WHERE t.company_id = ${c.id} AND substr(t.name, 2)::int % 4 >= substr(u.email, 3, 1)::int`);
      await createTeam(tx, c.id, {
        name: '=1+1',
        description: 'Sums, "quoted"',
        leadUserId: a.id,
        memberIds: [a.id],
      });
      return { company: c.id, admin: a.id };
    });
    big = { ...made, token: (await tokenFor(t.app, made.admin, made.company)).token };
  });

  it('streams every row across batches, in the listing’s order for each sort, without losing or repeating any', async () => {
    for (const [sort, order, sqlOrder] of [
      ['name', 'asc', 'lower(t.name) ASC, t.id ASC'],
      ['name', 'desc', 'lower(t.name) DESC, t.id DESC'],
      ['createdAt', 'desc', 't.created_at DESC, t.id DESC'],
      ['members', 'desc', '(SELECT count(*) FROM team_members tm WHERE tm.team_id = t.id) DESC, t.id DESC'],
      ['members', 'asc', '(SELECT count(*) FROM team_members tm WHERE tm.team_id = t.id) ASC, t.id ASC'],
    ] as const) {
      const lines = await exportOf(`?sort=${sort}&order=${order}`);
      expect(lines, `${sort} ${order}`).toHaveLength(2101);
      expect(
        lines.map((l) => l[0]),
        `${sort} ${order}`,
      ).toEqual(await idsInOrder(sqlOrder));
    }
    // The first page of the listing is the first ten lines of the export.
    const page = (
      await call(t.app, {
        method: 'GET',
        url: '/api/teams?sort=members&order=desc',
        host: 'bigteams',
        token: big.token,
      })
    ).json();
    const lines = await exportOf('?sort=members&order=desc');
    expect(lines.slice(0, 10).map((l) => l[0])).toEqual(page.data.map((x: { uuid: string }) => x.uuid));
    expect(lines.slice(0, 10).map((l) => Number(l[4]))).toEqual(
      page.data.map((x: { memberCount: number }) => x.memberCount),
    );
  });

  it('exports only the searched teams, across batches', async () => {
    // T1, T10–T19, T100–T199, T1000–T1999: 1,111 teams.
    const lines = await exportOf('?search=t1&sort=createdAt');
    expect(lines).toHaveLength(1111);
    expect(lines.every((l) => l[1]!.startsWith('T1'))).toBe(true);
    expect(lines.map((l) => l[0])).toEqual(await idsInOrder('t.created_at ASC, t.id ASC', 'T1'));
  });

  it('writes the lead’s email and member count, and neutralises a formula in a name', async () => {
    const lines = await exportOf('?search=%3D1');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.slice(1, 5)).toEqual(["'=1+1", 'Sums, "quoted"', 'boss@bigteams.test', '1']);
    expect(Number.isNaN(Date.parse(lines[0]![5]!))).toBe(false);
  });

  it('holds this company’s teams only, and refuses members (403), signed-out (401) and bad queries (400)', async () => {
    const acme = await exportOf('?sort=name', admin, 'acme');
    expect(acme.map((l) => l[1])).toEqual(['Design']);
    const all = (await exportOf('')).map((l) => l[0]);
    expect(all).not.toContain(ids.gteam);
    expect((await req('GET', '/api/teams/export.csv', undefined, member)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/teams/export.csv', host: 'acme' })).statusCode).toBe(401);
    for (const q of ['sort=password', 'order=sideways', `search=${'x'.repeat(101)}`]) {
      const bad = await req('GET', `/api/teams/export.csv?${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(bad.json().message).toBeTruthy();
    }
  });
});

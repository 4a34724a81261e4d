import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createTeam, createUser } from '../../db/seed/factories';
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

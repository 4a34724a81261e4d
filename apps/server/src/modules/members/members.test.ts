import { companyChannel, type RealtimeMessage, userChannel } from '@wac/shared/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createTeam, createUser } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let ids: Record<string, string>;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const admin = await createUser(tx, { email: 'ann.admin@acme.test', firstName: 'Ann', lastName: 'Admin' });
    const bob = await createUser(tx, { email: 'bob@acme.test', firstName: 'Bob', lastName: 'Builder' });
    const cid = await createUser(tx, { email: 'cid@acme.test', firstName: 'Cid', lastName: 'Cole' });
    const dee = await createUser(tx, { email: 'dee@acme.test', firstName: 'Dee', lastName: 'Dorsey' });
    const gus = await createUser(tx, { email: 'gus@globex.test', firstName: 'Gus', lastName: 'Globex' });
    await addMembership(tx, acme.id, admin.id, { roles: ['admin'], createdAt: new Date('2026-01-01') });
    await addMembership(tx, acme.id, bob.id, { createdAt: new Date('2026-01-02') });
    await addMembership(tx, acme.id, cid.id, { enabled: false, createdAt: new Date('2026-01-03') });
    await addMembership(tx, acme.id, dee.id, { createdAt: new Date('2026-01-04') });
    await addMembership(tx, globex.id, gus.id, { roles: ['admin'] });
    await addMembership(tx, globex.id, bob.id);
    const team = await createTeam(tx, acme.id, { name: 'Core', memberIds: [bob.id, dee.id] });
    return {
      acme: acme.id,
      globex: globex.id,
      admin: admin.id,
      bob: bob.id,
      cid: cid.id,
      dee: dee.id,
      gus: gus.id,
      team: team.id,
    };
  });
  adminToken = (await tokenFor(t.app, ids.admin!, ids.acme!)).token;
  memberToken = (await tokenFor(t.app, ids.bob!, ids.acme!)).token;
});
afterAll(() => t.close());

const get = (url: string, token = adminToken, host = 'acme') => call(t.app, { method: 'GET', url, host, token });

describe('GET /api/members', () => {
  it('pages 10 per page from page 1 with the total', async () => {
    const res = await get('/api/members');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, itemsPerPage: 10, totalItems: 4 });
    expect(body.data.map((m: { email: string }) => m.email)).toEqual([
      'ann.admin@acme.test',
      'bob@acme.test',
      'cid@acme.test',
      'dee@acme.test',
    ]);
    const p2 = (await get('/api/members?itemsPerPage=3&page=2')).json();
    expect(p2.data).toHaveLength(1);
    expect(p2.totalItems).toBe(4);
  });

  it('searches by name or email fragment, case-insensitively, LIKE wildcards taken literally', async () => {
    expect((await get('/api/members?search=BUILD')).json().data.map((m: { uuid: string }) => m.uuid)).toEqual([
      ids.bob,
    ]);
    expect((await get('/api/members?search=cid@')).json().totalItems).toBe(1);
    expect((await get('/api/members?search=%25')).json().totalItems).toBe(0);
    expect((await get('/api/members?search=gus')).json().totalItems).toBe(0);
  });

  it('sorts by name, email, role, createdAt in both directions', async () => {
    const names = (q: string) =>
      get(`/api/members?${q}`).then((r) => r.json().data.map((m: { firstName: string }) => m.firstName));
    expect(await names('sort=name&order=desc')).toEqual(['Dee', 'Cid', 'Bob', 'Ann']);
    expect(await names('sort=email')).toEqual(['Ann', 'Bob', 'Cid', 'Dee']);
    expect((await names('sort=role'))[0]).toBe('Ann');
    expect(await names('sort=createdAt&order=desc')).toEqual(['Dee', 'Cid', 'Bob', 'Ann']);
  });

  it('filters by role, status and team', async () => {
    expect((await get('/api/members?role=admin')).json().data.map((m: { uuid: string }) => m.uuid)).toEqual([
      ids.admin,
    ]);
    expect((await get('/api/members?status=disabled')).json().data.map((m: { uuid: string }) => m.uuid)).toEqual([
      ids.cid,
    ]);
    expect((await get('/api/members?status=enabled')).json().totalItems).toBe(3);
    expect((await get(`/api/members?team=${ids.team}`)).json().totalItems).toBe(2);
  });

  it('keeps the copied name in sync when a user is renamed', async () => {
    await t.db.system((tx) => tx.execute(sql`UPDATE users SET first_name = 'Zed' WHERE id = ${ids.dee}`));
    expect((await get('/api/members?search=zed')).json().data[0].uuid).toBe(ids.dee);
    await t.db.system((tx) => tx.execute(sql`UPDATE users SET first_name = 'Dee' WHERE id = ${ids.dee}`));
  });

  it('refuses members (403), signed-out (401) and bad query values (400)', async () => {
    expect((await get('/api/members', memberToken)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/members', host: 'acme' })).statusCode).toBe(401);
    const bad = await get('/api/members?sort=password&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/members/export.csv', () => {
  it('streams the full filtered set as CSV with formula cells neutralised', async () => {
    await t.db.system((tx) => tx.execute(sql`UPDATE users SET last_name = '=cmd()' WHERE id = ${ids.cid}`));
    const res = await get('/api/members/export.csv?sort=email');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The membership columns, then (for an admin, who reads People/HR) the employee-record columns.
    expect(lines[0]).toBe(
      'uuid,email,firstName,lastName,roles,enabled,schedulingEnabled,emailEnabled,videoCallEnabled,createdAt,' +
        'jobTitle,department,managerEmail,employmentType,startDate,endDate,workLocation,workPhone,' +
        'emergencyName,emergencyRelation,emergencyPhone',
    );
    expect(lines).toHaveLength(5);
    expect(lines[3]).toContain(",'=cmd(),");
    expect(res.body).not.toContain('gus@globex.test');
    const filtered = await get('/api/members/export.csv?status=disabled');
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('pages through more rows than one batch without losing or repeating any', async () => {
    const many = await t.db.system(async (tx) => {
      const c = await createCompany(tx, { name: 'Big', subDomain: 'bigco' });
      const a = await createUser(tx, { email: 'boss@big.test' });
      await addMembership(tx, c.id, a.id, { roles: ['admin'] });
      await tx.execute(sql`INSERT INTO users (email, first_name, last_name)
        SELECT 'p' || g || '@big.test', 'P' || (g % 7), 'L' FROM generate_series(1, 2100) g`);
      await tx.execute(sql`INSERT INTO memberships (company_id, user_id, created_at)
        SELECT ${c.id}, id, '2026-03-01' FROM users WHERE email LIKE 'p%@big.test'`);
      return { company: c.id, admin: a.id };
    });
    const { token } = await tokenFor(t.app, many.admin, many.company);
    for (const sort of ['name', 'createdAt', 'role']) {
      const res = await call(t.app, {
        method: 'GET',
        url: `/api/members/export.csv?sort=${sort}&order=desc`,
        host: 'bigco',
        token,
      });
      const body = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1);
      expect(body).toHaveLength(2101);
      expect(new Set(body.map((l) => l.split(',')[0])).size).toBe(2101);
    }
  });
});

describe('PATCH /api/members/{uuid}', () => {
  it('changes roles and toggles with the current version, audits and notifies', async () => {
    const seen: Array<[string, RealtimeMessage]> = [];
    const off1 = t.app.bus.subscribe(userChannel(ids.bob!), (m, c) => seen.push([c, m]));
    const off2 = t.app.bus.subscribe(companyChannel(ids.acme!), (m, c) => seen.push([c, m]));
    const current = (await get(`/api/members/${ids.bob}`)).json();
    const res = await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${ids.bob}`,
      host: 'acme',
      token: adminToken,
      payload: { version: current.version, videoCallEnabled: false, roles: ['member', 'admin'] },
    });
    off1();
    off2();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      videoCallEnabled: false,
      roles: ['member', 'admin'],
      version: current.version + 1,
    });
    expect(seen.map(([, m]) => m.type).sort()).toEqual(['listing_changed', 'membership_updated']);
    const [entry] = await t.db.system((tx) =>
      rows<{ before: { videoCallEnabled: boolean }; after: { videoCallEnabled: boolean }; actor_user_id: string }>(
        tx,
        sql`SELECT before, after, actor_user_id FROM audit_log WHERE action = 'member.update' AND target_id = ${ids.bob} ORDER BY created_at DESC LIMIT 1`,
      ),
    );
    expect(entry).toMatchObject({
      before: { videoCallEnabled: true },
      after: { videoCallEnabled: false },
      actor_user_id: ids.admin,
    });
  });

  it('answers 409 VERSION_CONFLICT on a stale version and changes nothing', async () => {
    const before = (await get(`/api/members/${ids.dee}`)).json();
    const res = await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${ids.dee}`,
      host: 'acme',
      token: adminToken,
      payload: { version: before.version + 5, enabled: false },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('VERSION_CONFLICT');
    expect((await get(`/api/members/${ids.dee}`)).json()).toEqual(before);
  });

  it('refuses to disable or demote the last enabled admin (LAST_ADMIN)', async () => {
    // Bob became an admin above; demote him back so Ann is the only admin.
    const bob = (await get(`/api/members/${ids.bob}`)).json();
    await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${ids.bob}`,
      host: 'acme',
      token: adminToken,
      payload: { version: bob.version, roles: ['member'] },
    });
    const ann = (await get(`/api/members/${ids.admin}`)).json();
    for (const payload of [{ enabled: false }, { roles: ['member'] }]) {
      const res = await call(t.app, {
        method: 'PATCH',
        url: `/api/members/${ids.admin}`,
        host: 'acme',
        token: adminToken,
        payload: { version: ann.version, ...payload },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'LAST_ADMIN',
        message: 'A company must keep at least one enabled admin.',
      });
    }
    const del = await call(t.app, {
      method: 'DELETE',
      url: `/api/members/${ids.admin}`,
      host: 'acme',
      token: adminToken,
    });
    expect(del.json().code).toBe('LAST_ADMIN');
    expect((await get(`/api/members/${ids.admin}`)).json()).toEqual(ann);
  });

  it('another company’s member is 404 by path, and nothing changes', async () => {
    expect((await get(`/api/members/${ids.gus}`)).statusCode).toBe(404);
    const res = await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${ids.gus}`,
      host: 'acme',
      token: adminToken,
      payload: { version: 1, enabled: false },
    });
    expect(res.statusCode).toBe(404);
    const del = await call(t.app, {
      method: 'DELETE',
      url: `/api/members/${ids.gus}`,
      host: 'acme',
      token: adminToken,
    });
    expect(del.statusCode).toBe(404);
    const [gus] = await t.db.system((tx) =>
      rows<{ enabled: boolean }>(tx, sql`SELECT enabled FROM memberships WHERE user_id = ${ids.gus}`),
    );
    expect(gus!.enabled).toBe(true);
  });

  it('rejects unknown fields and bad roles', async () => {
    const res = await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${ids.dee}`,
      host: 'acme',
      token: adminToken,
      payload: { version: 1, roles: ['owner'] },
    });
    expect(res.statusCode).toBe(400);
    const extra = await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${ids.dee}`,
      host: 'acme',
      token: adminToken,
      payload: { version: 1, companyId: ids.globex },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('a disabled member’s next request is refused', async () => {
    const dee = (await get(`/api/members/${ids.dee}`)).json();
    const { token } = await tokenFor(t.app, ids.dee!, ids.acme!);
    expect((await get('/api/dashboard/summary', token)).statusCode).not.toBe(403);
    await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${ids.dee}`,
      host: 'acme',
      token: adminToken,
      payload: { version: dee.version, enabled: false },
    });
    const res = await get('/api/dashboard/summary', token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DISABLED');
    const again = (await get(`/api/members/${ids.dee}`)).json();
    await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${ids.dee}`,
      host: 'acme',
      token: adminToken,
      payload: { version: again.version, enabled: true },
    });
  });
});

describe('bulk, teams, sessions, remove', () => {
  it('applies a bulk action with a result per member', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/members/bulk',
      host: 'acme',
      token: adminToken,
      payload: { action: 'disable', uuids: [ids.dee, ids.gus, ids.admin] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { uuid: ids.dee, ok: true },
      { uuid: ids.gus, ok: false, code: 'NOT_FOUND', message: 'Not found.' },
      { uuid: ids.admin, ok: false, code: 'LAST_ADMIN', message: 'A company must keep at least one enabled admin.' },
    ]);
    expect((await get(`/api/members/${ids.dee}`)).json().enabled).toBe(false);
    const back = await call(t.app, {
      method: 'POST',
      url: '/api/members/bulk',
      host: 'acme',
      token: adminToken,
      payload: { action: 'enable', uuids: [ids.dee] },
    });
    expect(back.json().results[0].ok).toBe(true);
    const noRole = await call(t.app, {
      method: 'POST',
      url: '/api/members/bulk',
      host: 'acme',
      token: adminToken,
      payload: { action: 'setRole', uuids: [ids.dee] },
    });
    expect(noRole.statusCode).toBe(400);
  });

  it('lists a member’s teams', async () => {
    const res = await get(`/api/members/${ids.bob}/teams`);
    expect(res.json()).toEqual({ data: [{ uuid: ids.team, name: 'Core', isLead: false }] });
  });

  it('lists and revokes a member’s sessions on this company only', async () => {
    const acmeSession = await tokenFor(t.app, ids.bob!, ids.acme!);
    const globexSession = await tokenFor(t.app, ids.bob!, ids.globex!);
    const list = (await get(`/api/members/${ids.bob}/sessions`)).json();
    const sessionIds = list.data.map((s: { uuid: string }) => s.uuid);
    expect(sessionIds).toContain(acmeSession.sessionId);
    expect(sessionIds).not.toContain(globexSession.sessionId);
    const seen: RealtimeMessage[] = [];
    const off = t.app.bus.subscribe(userChannel(ids.bob!), (m) => seen.push(m));
    const res = await call(t.app, {
      method: 'POST',
      url: `/api/members/${ids.bob}/sessions/revoke`,
      host: 'acme',
      token: adminToken,
    });
    off();
    expect(res.json()).toEqual({ message: 'User session has been revoked successfully' });
    expect(seen[0]).toMatchObject({ type: 'user_logged_out' });
    expect((await get('/api/dashboard/summary', acmeSession.token)).statusCode).toBe(401);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/users/${ids.bob}`, host: 'globex', token: globexSession.token }))
        .statusCode,
    ).toBe(200);
    expect((await get(`/api/members/${ids.bob}/sessions`)).json().data).toEqual([]);
  });

  it('removes a member with the version check; the person loses access', async () => {
    const dee = (await get(`/api/members/${ids.dee}`)).json();
    const stale = await call(t.app, {
      method: 'DELETE',
      url: `/api/members/${ids.dee}?version=${dee.version + 1}`,
      host: 'acme',
      token: adminToken,
    });
    expect(stale.statusCode).toBe(409);
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/members/${ids.dee}?version=${dee.version}`,
      host: 'acme',
      token: adminToken,
    });
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/members/${ids.dee}`)).statusCode).toBe(404);
    expect((await get(`/api/members/${ids.bob}/teams`)).json().data).toHaveLength(1);
    const [n] = await t.db.system((tx) =>
      rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM team_members WHERE user_id = ${ids.dee}`),
    );
    expect(n!.n).toBe(0);
  });
});

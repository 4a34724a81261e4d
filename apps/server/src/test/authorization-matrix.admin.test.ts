/**
 * Authorization matrix of the administration routes: every route × every kind of caller ×
 * {own company, foreign company}: the expected status, and no foreign data in any answer.
 * Writes use payloads that pass authorization but then stop (stale version, taken name, fake file),
 * so every cell runs against the same data. Expectations come from the table below, written from
 * the product's rules (members read their own area, admins write their company's, super admins read
 * every company and write only with super_admin_write), not from the permission code.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createTeam, createUser } from '../db/seed/factories';
import { invitations, joinRequests } from '../db/schema/index';
import { sha256 } from '../lib/crypto';
import { enqueueMany } from '../lib/jobs/queue';
import { rows } from '../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from './harness';
import { documentedRoutes, isAdminAreaRoute } from './matrix-areas';
import { multipart } from './multipart';

const PRINCIPALS = ['signedOut', 'member', 'admin', 'disabled', 'nonMember', 'superAdmin', 'superAdminWrite'] as const;
type Principal = (typeof PRINCIPALS)[number];
type Scope = 'own' | 'foreign';
type Subject = 'default' | 'user' | 'team' | 'compliance';

/** The product's permission rules as a table: may this caller pass `action` on `subject` in a company they are in? */
function allowed(p: Principal, action: 'read' | 'write', subject: Subject): boolean {
  switch (p) {
    case 'member':
      return action === 'read' && subject === 'default';
    case 'admin':
      return true;
    case 'superAdmin':
      return action === 'read' && ['default', 'user', 'team'].includes(subject);
    case 'superAdminWrite':
      return (
        (action === 'read' && ['default', 'user', 'team'].includes(subject)) ||
        (action === 'write' && subject === 'user')
      );
    default:
      return false;
  }
}
const isSuper = (p: Principal) => p === 'superAdmin' || p === 'superAdminWrite';

type Rule =
  | { kind: 'host'; action: 'read' | 'write'; subject: Subject; foreign: 'host' | 'id' }
  | { kind: 'user' }
  | { kind: 'public' }
  | { kind: 'platform'; action: 'read' | 'write' };

interface Req {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  host: 'acme' | 'globex' | null;
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}

interface Route {
  name: string;
  rule: Rule;
  ok: { own: number; foreign: number };
  build(scope: Scope): Req;
  /** Extra checks on an allowed answer. */
  check?(scope: Scope, body: string, caller: Principal): void;
}

function expected(route: Route, p: Principal, scope: Scope): number {
  const r = route.rule;
  if (r.kind === 'public') return route.ok[scope];
  if (p === 'signedOut') return 401;
  if (r.kind === 'user') return route.ok[scope];
  if (r.kind === 'platform')
    return isSuper(p) && (r.action === 'read' || p === 'superAdminWrite') ? route.ok[scope] : 403;
  // A foreign host: only super admins (who pass on every company) get through.
  if (scope === 'foreign' && r.foreign === 'host')
    return isSuper(p) && allowed(p, r.action, r.subject) ? route.ok.foreign : 403;
  return allowed(p, r.action, r.subject) ? route.ok[scope] : 403;
}

let t: TestContext;
let d: Record<string, string>;
const tokens = new Map<string, string>();
const sharedSessions: string[] = [];
const BOTH = { own: 200, foreign: 200 };

beforeAll(async () => {
  t = await createTestApp();
  d = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'GlobexSecretCo', subDomain: 'globex' });
    const u = async (email: string, roles: string[] = []) =>
      (await createUser(tx, { email, roles, firstName: email.split('@')[0] })).id;
    const member = await u('member@acme.test');
    const admin = await u('admin@acme.test');
    const disabled = await u('disabled@acme.test');
    const nonMember = await u('nobody@nowhere.test');
    const superAdmin = await u('reader@platform.test', ['super_admin']);
    const superAdminWrite = await u('writer@platform.test', ['super_admin', 'super_admin_write']);
    const victim = await u('victim@acme.test');
    const shared = await u('shared@both.test');
    const gAdmin = await u('gadmin@globex.test');
    const gUser = await u('guser@globex.test');
    await addMembership(tx, acme.id, member);
    await addMembership(tx, acme.id, admin, { roles: ['admin'] });
    await addMembership(tx, acme.id, disabled, { enabled: false });
    await addMembership(tx, acme.id, victim);
    await addMembership(tx, acme.id, shared);
    await addMembership(tx, globex.id, gAdmin, { roles: ['admin'] });
    await addMembership(tx, globex.id, gUser);
    await addMembership(tx, globex.id, shared);
    const team = await createTeam(tx, acme.id, { name: 'Shared', memberIds: [victim] });
    const gTeam = await createTeam(tx, globex.id, { name: 'Shared', memberIds: [gUser] });
    await createTeam(tx, globex.id, { name: 'GlobexSecretTeam' });
    const inv = async (companyId: string, email: string, token: string, status = 'pending') =>
      (
        await tx
          .insert(invitations)
          .values({ companyId, email, tokenHash: sha256(token), status, expiresAt: new Date(Date.now() + 86_400_000) })
          .returning()
      )[0]!.id;
    const invPending = await inv(acme.id, 'invitee@acme.test', 'acme-token-acme-token-acme-token');
    const invCancelled = await inv(acme.id, 'gone@acme.test', 'acme-cancelled-acme-cancelled-x', 'cancelled');
    await inv(acme.id, 'victim@acme.test', 'acme-victim-token-acme-victim-tok');
    const gInv = await inv(globex.id, 'ginvitee@globex.test', 'globex-token-globex-token-globex');
    await inv(globex.id, 'guser@globex.test', 'globex-victim-token-globex-victim');
    const jr = async (companyId: string, userId: string, status = 'pending') =>
      (await tx.insert(joinRequests).values({ companyId, userId, status }).returning())[0]!.id;
    for (const who of [nonMember, superAdmin, superAdminWrite]) {
      await jr(acme.id, who);
      await jr(globex.id, who);
    }
    const jrDone = await jr(acme.id, victim, 'declined');
    const gJrDone = await jr(globex.id, gUser, 'declined');
    await tx.execute(
      sql`INSERT INTO audit_log (company_id, action, target_type) VALUES (${globex.id}, 'globex.secret', 'x')`,
    );
    const [file] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO files (purpose, content_type, size, data) VALUES ('logo', 'image/png', 1, '\\x00'::bytea) RETURNING id`,
    );
    return {
      acme: acme.id,
      globex: globex.id,
      member,
      admin,
      disabled,
      nonMember,
      superAdmin,
      superAdminWrite,
      victim,
      shared,
      gUser,
      team: team.id,
      gTeam: gTeam.id,
      invPending,
      invCancelled,
      gInv,
      jrDone,
      gJrDone,
      file: file!.id,
    };
  });
  for (const p of PRINCIPALS) {
    if (p === 'signedOut') continue;
    for (const [host, cid] of [
      ['acme', d.acme],
      ['globex', d.globex],
      ['', null],
    ] as const) {
      tokens.set(`${p}:${host}`, (await tokenFor(t.app, d[p]!, cid ?? null)).token);
    }
  }
  // A fresh live session of a member for each cell of the one-session revoke, so that every cell
  // meets the same data; and a Globex session that no call on Acme's host may end.
  for (const _ of PRINCIPALS) sharedSessions.push((await tokenFor(t.app, d.shared!, d.acme!)).sessionId);
  d.gSession = (await tokenFor(t.app, d.gUser!, d.globex!)).sessionId;
  // One import's mail jobs in each company (a batch id), for the progress route: never run here.
  for (const [key, cid] of [
    ['batch', d.acme],
    ['gBatch', d.globex],
  ] as const) {
    d[key] = randomUUID();
    await t.db.system((tx) =>
      enqueueMany(tx, [
        {
          type: 'matrix.none',
          companyId: cid!,
          batchId: d[key],
          payload: {},
          runAt: new Date(Date.now() + 86_400_000),
        },
      ]),
    );
  }
});
afterAll(() => t.close());

/** Globex data that must never appear in an answer on Acme's host. */
const foreignMarkers = () => [
  d.globex!,
  d.gUser!,
  d.gTeam!,
  d.gInv!,
  d.gJrDone!,
  'globex.test',
  'GlobexSecret',
  'globex.secret',
];

const csv = (text: string) => multipart(Buffer.from(text), { filename: 'm.csv', contentType: 'text/csv' });
const fakeImage = () => multipart(Buffer.from('not an image at all'), { filename: 'x.png' });

const byId = (action: 'read' | 'write', subject: Subject): Rule => ({ kind: 'host', action, subject, foreign: 'id' });
const byHost = (action: 'read' | 'write', subject: Subject): Rule => ({
  kind: 'host',
  action,
  subject,
  foreign: 'host',
});
const hostOf = (s: Scope) => (s === 'own' ? 'acme' : 'globex');

const ROUTES: Route[] = [
  {
    name: 'GET /api/members',
    rule: byHost('read', 'user'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/members?itemsPerPage=100', host: hostOf(s) }),
  },
  {
    name: 'GET /api/members?search',
    rule: byHost('read', 'user'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/members?search=g', host: hostOf(s) }),
  },
  {
    name: 'GET /api/members/export.csv',
    rule: byHost('read', 'user'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/members/export.csv', host: hostOf(s) }),
  },
  {
    name: 'GET /api/members/{uuid}',
    rule: byId('read', 'user'),
    ok: { own: 200, foreign: 404 },
    build: (s) => ({ method: 'GET', url: `/api/members/${s === 'own' ? d.victim : d.gUser}`, host: 'acme' }),
  },
  {
    name: 'PATCH /api/members/{uuid}',
    rule: byId('write', 'user'),
    ok: { own: 409, foreign: 404 },
    build: (s) => ({
      method: 'PATCH',
      url: `/api/members/${s === 'own' ? d.victim : d.gUser}`,
      host: 'acme',
      payload: { version: 999, enabled: false },
    }),
  },
  {
    name: 'DELETE /api/members/{uuid}',
    rule: byId('write', 'user'),
    ok: { own: 409, foreign: 404 },
    build: (s) => ({
      method: 'DELETE',
      url: `/api/members/${s === 'own' ? d.victim : d.gUser}?version=999`,
      host: 'acme',
    }),
  },
  {
    name: 'GET /api/members/{uuid}/teams',
    rule: byId('read', 'user'),
    ok: { own: 200, foreign: 404 },
    build: (s) => ({ method: 'GET', url: `/api/members/${s === 'own' ? d.victim : d.gUser}/teams`, host: 'acme' }),
  },
  {
    name: 'GET /api/members/{uuid}/sessions',
    rule: byId('write', 'user'),
    ok: { own: 200, foreign: 404 },
    build: (s) => ({ method: 'GET', url: `/api/members/${s === 'own' ? d.victim : d.gUser}/sessions`, host: 'acme' }),
  },
  {
    name: 'POST /api/members/{uuid}/sessions/revoke',
    rule: byId('write', 'user'),
    ok: { own: 200, foreign: 404 },
    build: (s) => ({
      method: 'POST',
      url: `/api/members/${s === 'own' ? d.victim : d.gUser}/sessions/revoke`,
      host: 'acme',
    }),
  },
  {
    name: 'POST /api/members/{uuid}/sessions/{sessionUuid}/revoke',
    rule: byId('write', 'user'),
    ok: { own: 200, foreign: 404 },
    build: (s) => ({
      method: 'POST',
      url:
        s === 'own'
          ? `/api/members/${d.shared}/sessions/${sharedSessions.shift()}/revoke`
          : `/api/members/${d.gUser}/sessions/${d.gSession}/revoke`,
      host: 'acme',
    }),
  },
  {
    name: 'POST /api/members/bulk',
    rule: byId('write', 'user'),
    ok: BOTH,
    build: (s) => ({
      method: 'POST',
      url: '/api/members/bulk',
      host: 'acme',
      payload: { action: 'enable', uuids: [s === 'own' ? d.victim : d.gUser] },
    }),
    check: (s, body) =>
      expect(JSON.parse(body).results[0]).toMatchObject(s === 'own' ? { ok: true } : { ok: false, code: 'NOT_FOUND' }),
  },
  {
    name: 'POST /api/members/import/preview',
    rule: byHost('write', 'user'),
    ok: BOTH,
    build: (s) => ({
      method: 'POST',
      url: '/api/members/import/preview',
      host: hostOf(s),
      ...csv('email,firstName,lastName\r\nshared@both.test,S,B'),
    }),
  },
  {
    name: 'GET /api/members/import/{uuid}/progress',
    rule: byId('write', 'user'),
    ok: { own: 200, foreign: 404 },
    build: (s) => ({
      method: 'GET',
      url: `/api/members/import/${s === 'own' ? d.batch : d.gBatch}/progress`,
      host: 'acme',
    }),
    check: (s, body) => s === 'own' && expect(JSON.parse(body)).toMatchObject({ total: 1, pending: 1, done: false }),
  },
  {
    name: 'GET /api/members/import/template.csv',
    rule: byHost('write', 'user'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/members/import/template.csv', host: hostOf(s) }),
  },
  {
    name: 'POST /api/members/import',
    rule: byHost('write', 'user'),
    ok: BOTH,
    build: (s) => ({
      method: 'POST',
      url: '/api/members/import',
      host: hostOf(s),
      ...csv('email,firstName,lastName\r\nshared@both.test,S,B'),
    }),
    check: (_s, body) => expect(JSON.parse(body).imported).toBe(0),
  },
  {
    name: 'POST /api/invitations',
    rule: byHost('write', 'user'),
    ok: { own: 409, foreign: 409 },
    build: (s) => ({
      method: 'POST',
      url: '/api/invitations',
      host: hostOf(s),
      payload: { email: 'shared@both.test' },
    }),
  },
  {
    name: 'GET /api/invitations',
    rule: byHost('read', 'user'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/invitations', host: hostOf(s) }),
  },
  {
    name: 'POST /api/invitations/{uuid}/resend',
    rule: byId('write', 'user'),
    ok: { own: 200, foreign: 404 },
    build: (s) => ({
      method: 'POST',
      url: `/api/invitations/${s === 'own' ? d.invPending : d.gInv}/resend`,
      host: 'acme',
    }),
  },
  {
    name: 'DELETE /api/invitations/{uuid}',
    rule: byId('write', 'user'),
    ok: { own: 404, foreign: 404 },
    build: (s) => ({
      method: 'DELETE',
      url: `/api/invitations/${s === 'own' ? d.invCancelled : d.gInv}`,
      host: 'acme',
    }),
  },
  {
    name: 'GET /api/invitations/by-token/{token}',
    rule: { kind: 'public' },
    ok: { own: 200, foreign: 404 },
    build: (s) => ({
      method: 'GET',
      url: `/api/invitations/by-token/${s === 'own' ? 'acme-victim-token-acme-victim-tok' : 'globex-victim-token-globex-victim'}`,
      host: 'acme',
    }),
  },
  {
    name: 'POST /api/invitations/by-token/{token}/accept-new',
    rule: { kind: 'public' },
    ok: { own: 409, foreign: 404 },
    build: (s) => ({
      method: 'POST',
      url: `/api/invitations/by-token/${s === 'own' ? 'acme-victim-token-acme-victim-tok' : 'globex-victim-token-globex-victim'}/accept-new`,
      host: 'acme',
      payload: { firstName: 'A', lastName: 'B', password: 'Wombat-4821', confirmPassword: 'Wombat-4821' },
    }),
  },
  {
    name: 'POST /api/invitations/by-token/{token}/accept',
    rule: { kind: 'user' },
    ok: { own: 403, foreign: 404 },
    build: (s) => ({
      method: 'POST',
      url: `/api/invitations/by-token/${s === 'own' ? 'acme-victim-token-acme-victim-tok' : 'globex-victim-token-globex-victim'}/accept`,
      host: 'acme',
    }),
  },
  {
    name: 'GET /api/teams',
    rule: byHost('read', 'team'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/teams?search=s', host: hostOf(s) }),
  },
  {
    name: 'GET /api/teams/export.csv',
    rule: byHost('read', 'team'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/teams/export.csv', host: hostOf(s) }),
    check: (s, body) => {
      expect(body).toContain(s === 'own' ? d.team : d.gTeam);
      if (s === 'foreign') expect(body).toContain('GlobexSecretTeam');
    },
  },
  {
    name: 'POST /api/teams',
    rule: byHost('write', 'team'),
    ok: { own: 409, foreign: 409 },
    build: (s) => ({ method: 'POST', url: '/api/teams', host: hostOf(s), payload: { name: 'Shared' } }),
  },
  {
    name: 'GET /api/teams/{uuid}',
    rule: byId('read', 'team'),
    ok: { own: 200, foreign: 404 },
    build: (s) => ({ method: 'GET', url: `/api/teams/${s === 'own' ? d.team : d.gTeam}`, host: 'acme' }),
  },
  {
    name: 'PATCH /api/teams/{uuid}',
    rule: byId('write', 'team'),
    ok: { own: 409, foreign: 404 },
    build: (s) => ({
      method: 'PATCH',
      url: `/api/teams/${s === 'own' ? d.team : d.gTeam}`,
      host: 'acme',
      payload: { version: 999, name: 'x' },
    }),
  },
  {
    name: 'DELETE /api/teams/{uuid}',
    rule: byId('write', 'team'),
    ok: { own: 409, foreign: 404 },
    build: (s) => ({ method: 'DELETE', url: `/api/teams/${s === 'own' ? d.team : d.gTeam}?version=999`, host: 'acme' }),
  },
  {
    name: 'GET /api/teams/{uuid}/members',
    rule: byId('read', 'team'),
    ok: { own: 200, foreign: 404 },
    build: (s) => ({ method: 'GET', url: `/api/teams/${s === 'own' ? d.team : d.gTeam}/members`, host: 'acme' }),
  },
  {
    name: 'POST /api/teams/{uuid}/members',
    rule: byId('write', 'team'),
    ok: { own: 200, foreign: 404 },
    build: (s) => ({
      method: 'POST',
      url: `/api/teams/${s === 'own' ? d.team : d.gTeam}/members`,
      host: 'acme',
      payload: { uuids: [d.victim] },
    }),
  },
  {
    name: 'DELETE /api/teams/{uuid}/members/{userUuid}',
    rule: byId('write', 'team'),
    ok: { own: 404, foreign: 404 },
    build: (s) => ({
      method: 'DELETE',
      url: `/api/teams/${s === 'own' ? d.team : d.gTeam}/members/${d.shared}`,
      host: 'acme',
    }),
  },
  {
    name: 'POST /api/join-requests',
    rule: { kind: 'user' },
    ok: { own: 409, foreign: 409 },
    build: (s) => ({ method: 'POST', url: '/api/join-requests', host: hostOf(s), payload: { subDomain: 'acme' } }),
  },
  {
    name: 'GET /api/join-requests/mine',
    rule: { kind: 'user' },
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/join-requests/mine', host: hostOf(s) }),
    check: (_s, body) => {
      for (const r of JSON.parse(body).data as Array<{ user: { uuid: string } }>)
        expect([d.nonMember, d.superAdmin, d.superAdminWrite]).toContain(r.user.uuid);
    },
  },
  {
    name: 'GET /api/join-requests',
    rule: byHost('read', 'user'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/join-requests?status=pending', host: hostOf(s) }),
  },
  {
    name: 'POST /api/join-requests/{uuid}/respond',
    rule: byId('write', 'user'),
    ok: { own: 409, foreign: 404 },
    build: (s) => ({
      method: 'POST',
      url: `/api/join-requests/${s === 'own' ? d.jrDone : d.gJrDone}/respond`,
      host: 'acme',
      payload: { decision: 'accept' },
    }),
  },
  {
    // Someone else's request: nobody withdraws it (the requester's own path is in the join-requests tests).
    name: 'POST /api/join-requests/{uuid}/withdraw',
    rule: { kind: 'user' },
    ok: { own: 404, foreign: 404 },
    build: (s) => ({
      method: 'POST',
      url: `/api/join-requests/${s === 'own' ? d.jrDone : d.gJrDone}/withdraw`,
      host: hostOf(s),
    }),
  },
  {
    name: 'GET /api/dashboard/summary',
    rule: byHost('read', 'default'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/dashboard/summary', host: hostOf(s) }),
    check: (s, body, p) => {
      // Who may read the company's users reads who is disabled and what waits; a member reads headcounts.
      const readsUsers = allowed(p, 'read', 'user');
      if (s === 'own')
        expect(JSON.parse(body)).toMatchObject({
          members: 5,
          admins: 1,
          teams: 1,
          disabledMembers: readsUsers ? 1 : null,
          pendingInvitations: readsUsers ? expect.any(Number) : null,
        });
    },
  },
  {
    name: 'GET /api/dashboard/overview',
    rule: byHost('read', 'default'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/dashboard/overview', host: hostOf(s) }),
    check: (_s, body) => {
      // Whoever may read it gets only counts and their own leave to come: never another person, a name or an id.
      const overview = JSON.parse(body);
      expect(Object.keys(overview).sort()).toEqual(['approvals', 'attendance', 'compliance', 'myLeave']);
      expect(body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    },
  },
  {
    name: 'GET /api/audit-log',
    rule: byHost('read', 'compliance'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/audit-log?itemsPerPage=100', host: hostOf(s) }),
  },
  {
    name: 'GET /api/audit-log/export.csv',
    rule: byHost('read', 'compliance'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/audit-log/export.csv', host: hostOf(s) }),
  },
  {
    name: 'GET /api/audit-log/verify',
    rule: byHost('read', 'compliance'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/audit-log/verify', host: hostOf(s) }),
  },
  {
    name: 'GET /api/profile',
    rule: byHost('read', 'default'),
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/profile', host: hostOf(s) }),
  },
  {
    name: 'PATCH /api/profile',
    rule: byHost('read', 'default'),
    ok: { own: 409, foreign: 409 },
    build: (s) => ({
      method: 'PATCH',
      url: '/api/profile',
      host: hostOf(s),
      payload: { version: 999, firstName: 'X' },
    }),
  },
  {
    name: 'POST /api/profile/avatar',
    rule: byHost('read', 'default'),
    ok: { own: 415, foreign: 415 },
    build: (s) => ({ method: 'POST', url: '/api/profile/avatar', host: hostOf(s), ...fakeImage() }),
  },
  {
    name: 'DELETE /api/profile/avatar',
    rule: byHost('read', 'default'),
    ok: { own: 409, foreign: 409 },
    build: (s) => ({ method: 'DELETE', url: '/api/profile/avatar?version=999', host: hostOf(s) }),
  },
  {
    name: 'GET /api/companies',
    rule: { kind: 'platform', action: 'read' },
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/companies', host: s === 'own' ? null : 'acme' }),
  },
  {
    name: 'GET /api/companies/stats',
    rule: { kind: 'platform', action: 'read' },
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/companies/stats', host: s === 'own' ? null : 'acme' }),
    check: (_s, body) => expect(JSON.parse(body).companies.total).toBeGreaterThanOrEqual(2),
  },
  {
    name: 'GET /api/companies/export.csv',
    rule: { kind: 'platform', action: 'read' },
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: '/api/companies/export.csv', host: s === 'own' ? null : 'acme' }),
    check: (_s, body) => {
      expect(body).toContain(d.acme);
      expect(body).toContain(d.globex);
    },
  },
  {
    name: 'POST /api/companies',
    rule: { kind: 'platform', action: 'write' },
    ok: { own: 409, foreign: 409 },
    build: (s) => ({
      method: 'POST',
      url: '/api/companies',
      host: null,
      payload: { name: 'X', subDomain: s === 'own' ? 'acme' : 'globex', admin: { email: 'x@example.org' } },
    }),
  },
  {
    name: 'GET /api/companies/{uuid}',
    rule: { kind: 'platform', action: 'read' },
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: `/api/companies/${s === 'own' ? d.acme : d.globex}`, host: null }),
  },
  {
    name: 'PATCH /api/companies/{uuid}',
    rule: { kind: 'platform', action: 'write' },
    ok: { own: 409, foreign: 409 },
    build: (s) => ({
      method: 'PATCH',
      url: `/api/companies/${s === 'own' ? d.acme : d.globex}`,
      host: null,
      payload: { version: 999, enabled: false },
    }),
  },
  {
    name: 'POST /api/companies/{uuid}/logo',
    rule: { kind: 'platform', action: 'write' },
    ok: { own: 415, foreign: 415 },
    build: (s) => ({
      method: 'POST',
      url: `/api/companies/${s === 'own' ? d.acme : d.globex}/logo`,
      host: null,
      ...fakeImage(),
    }),
  },
  {
    name: 'GET /api/companies/{uuid}/users',
    rule: { kind: 'platform', action: 'read' },
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: `/api/companies/${s === 'own' ? d.acme : d.globex}/users`, host: null }),
  },
  {
    name: 'GET /api/companies/{uuid}/users/export.csv',
    rule: { kind: 'platform', action: 'read' },
    ok: BOTH,
    build: (s) => ({
      method: 'GET',
      url: `/api/companies/${s === 'own' ? d.acme : d.globex}/users/export.csv`,
      // Globex's users asked for on Acme's host: Acme's admin is refused and sees nothing of Globex.
      host: s === 'own' ? null : 'acme',
    }),
    // Exactly the asked company's users: the shared user in both, each company's own in its own only.
    check: (s, body) => {
      expect(body).toContain('shared@both.test');
      expect(body.includes('victim@acme.test')).toBe(s === 'own');
      expect(body.includes('guser@globex.test')).toBe(s === 'foreign');
    },
  },
  {
    name: 'GET /api/companies/{uuid}/admins',
    rule: { kind: 'platform', action: 'read' },
    ok: BOTH,
    build: (s) => ({ method: 'GET', url: `/api/companies/${s === 'own' ? d.acme : d.globex}/admins`, host: null }),
  },
  {
    name: 'POST /api/companies/{uuid}/users',
    rule: { kind: 'platform', action: 'write' },
    ok: { own: 409, foreign: 409 },
    build: (s) => ({
      method: 'POST',
      url: `/api/companies/${s === 'own' ? d.acme : d.globex}/users`,
      host: null,
      payload: { email: 'shared@both.test' },
    }),
  },
  {
    name: 'GET /api/companies/{uuid}/users/{userUuid}',
    rule: { kind: 'platform', action: 'read' },
    ok: { own: 200, foreign: 404 },
    build: (s) => ({
      method: 'GET',
      url: `/api/companies/${s === 'own' ? d.acme : d.globex}/users/${d.victim}`,
      host: null,
    }),
  },
  {
    name: 'PATCH /api/companies/{uuid}/users/{userUuid}',
    rule: { kind: 'platform', action: 'write' },
    ok: { own: 409, foreign: 404 },
    build: (s) => ({
      method: 'PATCH',
      url: `/api/companies/${s === 'own' ? d.acme : d.globex}/users/${d.victim}`,
      host: null,
      payload: { version: 999, enabled: false },
    }),
  },
  {
    name: 'DELETE /api/companies/{uuid}/users/{userUuid}',
    rule: { kind: 'platform', action: 'write' },
    ok: { own: 409, foreign: 404 },
    build: (s) => ({
      method: 'DELETE',
      url: `/api/companies/${s === 'own' ? d.acme : d.globex}/users/${d.victim}?version=999`,
      host: null,
    }),
  },
  {
    name: 'POST /api/companies/{uuid}/users/{userUuid}/sessions/revoke',
    rule: { kind: 'platform', action: 'write' },
    ok: { own: 200, foreign: 404 },
    build: (s) => ({
      method: 'POST',
      url: `/api/companies/${s === 'own' ? d.acme : d.globex}/users/${d.victim}/sessions/revoke`,
      host: null,
    }),
  },
  {
    name: 'GET /api/files/{uuid}',
    rule: { kind: 'public' },
    ok: { own: 200, foreign: 404 },
    build: (s) => ({ method: 'GET', url: `/api/files/${s === 'own' ? d.file : d.gInv}`, host: 'acme' }),
  },
];

let cells = 0;
let based = 0;

describe('authorization matrix (administration routes)', () => {
  for (const route of ROUTES) {
    it(route.name, async () => {
      for (const p of PRINCIPALS) {
        for (const scope of ['own', 'foreign'] as const) {
          const r = route.build(scope);
          const token = p === 'signedOut' ? undefined : tokens.get(`${p}:${r.host ?? ''}`);
          const res = await call(t.app, {
            method: r.method,
            url: r.url,
            host: r.host,
            token,
            payload: r.payload,
            headers: r.headers,
          });
          const want = expected(route, p, scope);
          expect(res.statusCode, `${route.name} as ${p} (${scope}): ${res.body.slice(0, 200)}`).toBe(want);
          expect(res.statusCode, `${route.name} as ${p} (${scope})`).toBeLessThan(500);
          // On Acme's host, nothing of Globex ever shows: not in lists, counts, searches, exports or errors.
          // Platform routes answer super admins about every company, and a user's own routes show
          // that user's requests to any company: both are allowed to cross companies.
          const crossAllowed = (route.rule.kind === 'platform' && isSuper(p)) || route.rule.kind === 'user';
          if (r.host === 'acme' && !crossAllowed) {
            // An id the caller sent may come back as-is (bulk results); that is their input, not a leak.
            const sent = `${r.url} ${r.payload && !Buffer.isBuffer(r.payload) ? JSON.stringify(r.payload) : ''}`;
            for (const marker of foreignMarkers().filter((m) => !sent.includes(m))) {
              expect(res.body.includes(marker), `${route.name} as ${p} (${scope}) leaks ${marker}`).toBe(false);
            }
          }
          if (res.statusCode === route.ok[scope] && want === route.ok[scope] && route.check)
            route.check(scope, res.body, p);
          cells++;
        }
      }
    });
  }

  it('refuses a base-domain session (the browser’s sign-in) on every company route, on the company host and on the base domain', async () => {
    const failures: string[] = [];
    for (const route of ROUTES) {
      // Public routes read no session; a user's own routes and the platform routes are the base
      // domain's too (decision 012), and the cells above already call those with base-domain sessions.
      if (route.rule.kind !== 'host') continue;
      for (const p of ['member', 'admin', 'superAdminWrite'] as const) {
        const r = route.build('own');
        const token = tokens.get(`${p}:`);
        for (const [host, want] of [
          [r.host, 401],
          [null, 403],
        ] as const) {
          const res = await call(t.app, {
            method: r.method,
            url: r.url,
            host,
            token,
            payload: r.payload,
            headers: r.headers,
          });
          based++;
          if (res.statusCode !== want) {
            failures.push(
              `${route.name} as ${p}'s base-domain session on ${host ?? 'the base domain'}: ${res.statusCode}, want ${want}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(based).toBeGreaterThan(200);
  });

  it('covers every documented administration route', () => {
    const covered = new Set(ROUTES.map((r) => r.name.split('?')[0]));
    const documented = documentedRoutes(t.app.swagger()).filter(isAdminAreaRoute);
    expect(documented.filter((r) => !covered.has(r))).toEqual([]);
    expect(documented.length).toBeGreaterThan(40);
  });

  it('ran every cell and nothing changed in either company', async () => {
    expect(cells).toBe(ROUTES.length * PRINCIPALS.length * 2);
    const [state] = await t.db.system((tx) =>
      rows<{ members: number; enabled: number; teams: number; companies: number; pending: number }>(
        tx,
        sql`SELECT (SELECT count(*)::int FROM memberships) AS members,
                   (SELECT count(*)::int FROM memberships WHERE enabled) AS enabled,
                   (SELECT count(*)::int FROM teams) AS teams,
                   (SELECT count(*)::int FROM companies WHERE enabled) AS companies,
                   (SELECT count(*)::int FROM invitations WHERE status = 'pending') AS pending`,
      ),
    );
    expect(state).toEqual({ members: 8, enabled: 7, teams: 3, companies: 2, pending: 4 });
    // The one-session revoke ended exactly the sessions it was allowed to (admin, superAdminWrite),
    // one per call, and never the Globex session.
    const [ended] = await t.db.system((tx) =>
      rows<{ shared: number; gUser: number }>(
        tx,
        sql`SELECT (SELECT count(*)::int FROM sessions WHERE user_id = ${d.shared} AND revoked_at IS NOT NULL) AS shared,
                   (SELECT count(*)::int FROM sessions WHERE user_id = ${d.gUser} AND revoked_at IS NOT NULL) AS "gUser"`,
      ),
    );
    expect(ended).toEqual({ shared: 2, gUser: 0 });
    console.info(`authorization matrix (admin): ${cells} cells checked`);
  });
});

import { companyChannel, type RealtimeMessage, userChannel } from '@wac/shared/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../db/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { JOIN_REQUESTS_A_DAY, JOIN_REQUESTS_PENDING_MAX } from './join-requests.service';

let t: TestContext;
let ids: Record<string, string>;
let admin: string;
let requester: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    await createCompany(tx, { name: 'Off', subDomain: 'offline', enabled: false });
    const a = await createUser(tx, { email: 'a@acme.test' });
    const r = await createUser(tx, { email: 'r@else.test', firstName: 'Rae' });
    const g = await createUser(tx, { email: 'g@globex.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, globex.id, g.id, { roles: ['admin'] });
    await addMembership(tx, globex.id, r.id);
    return { acme: acme.id, globex: globex.id, a: a.id, r: r.id, g: g.id };
  });
  admin = (await tokenFor(t.app, ids.a!, ids.acme!)).token;
  requester = (await tokenFor(t.app, ids.r!, ids.globex!)).token;
});
afterAll(() => t.close());

describe('join requests', () => {
  let requestId: string;

  it('a signed-in user asks to join by sub-domain from another host; admins are told live', async () => {
    const seen: RealtimeMessage[] = [];
    const off = t.app.bus.subscribe(companyChannel(ids.acme!), (m) => seen.push(m));
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/join-requests',
      host: 'globex',
      token: requester,
      payload: { subDomain: 'ACME', message: 'Hi' },
    });
    off();
    expect(res.statusCode).toBe(201);
    requestId = res.json().uuid;
    expect(res.json()).toMatchObject({
      status: 'pending',
      message: 'Hi',
      company: { subDomain: 'acme' },
      user: { uuid: ids.r },
    });
    expect(seen).toEqual([{ type: 'join_request_created', joinRequestUuid: requestId }]);
  });

  it('refuses duplicates, members, unknown and disabled sub-domains, signed-out callers', async () => {
    const post = (subDomain: string, token = requester) =>
      call(t.app, { method: 'POST', url: '/api/join-requests', host: 'globex', token, payload: { subDomain } });
    expect((await post('acme')).json().code).toBe('JOIN_REQUEST_PENDING');
    expect((await post('globex')).json().code).toBe('ALREADY_MEMBER');
    expect((await post('nowhere')).json()).toMatchObject({
      code: 'COMPANY_NOT_FOUND',
      message: 'Sorry, no Space exists.',
    });
    expect((await post('offline')).json().code).toBe('COMPANY_NOT_FOUND');
    expect((await post('acme', '')).statusCode).toBe(401);
    const long = await post('x'.repeat(80));
    expect(long.statusCode).toBe(400);
  });

  it('admins of that company list pending requests; another company’s admin sees none', async () => {
    const list = (await call(t.app, { method: 'GET', url: '/api/join-requests', host: 'acme', token: admin })).json();
    expect(list).toMatchObject({ totalItems: 1, page: 1, itemsPerPage: 10 });
    const g = (await tokenFor(t.app, ids.g!, ids.globex!)).token;
    const other = await call(t.app, { method: 'GET', url: '/api/join-requests', host: 'globex', token: g });
    expect(other.json().totalItems).toBe(0);
    const respond = await call(t.app, {
      method: 'POST',
      url: `/api/join-requests/${requestId}/respond`,
      host: 'globex',
      token: g,
      payload: { decision: 'accept' },
    });
    expect(respond.statusCode).toBe(404);
  });

  it('accepting creates the membership and tells the requester', async () => {
    const seen: RealtimeMessage[] = [];
    const off = t.app.bus.subscribe(userChannel(ids.r!), (m) => seen.push(m));
    const res = await call(t.app, {
      method: 'POST',
      url: `/api/join-requests/${requestId}/respond`,
      host: 'acme',
      token: admin,
      payload: { decision: 'accept' },
    });
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('accepted');
    expect(seen[0]).toMatchObject({ type: 'join_request_responded', status: 'accepted', companyUuid: ids.acme });
    expect(
      (await call(t.app, { method: 'GET', url: `/api/members/${ids.r}`, host: 'acme', token: admin })).json().roles,
    ).toEqual(['member']);
    const again = await call(t.app, {
      method: 'POST',
      url: `/api/join-requests/${requestId}/respond`,
      host: 'acme',
      token: admin,
      payload: { decision: 'decline' },
    });
    expect(again.statusCode).toBe(409);
    const mine = (
      await call(t.app, { method: 'GET', url: '/api/join-requests/mine', host: 'globex', token: requester })
    ).json();
    expect(mine.data[0]).toMatchObject({ uuid: requestId, status: 'accepted' });
  });

  it('declining leaves no membership', async () => {
    const u = await t.db.system((tx) => createUser(tx, { email: 'd@else.test' }));
    const tok = (await tokenFor(t.app, u.id, null)).token;
    const jr = (
      await call(t.app, { method: 'POST', url: '/api/join-requests', token: tok, payload: { subDomain: 'acme' } })
    ).json();
    const res = await call(t.app, {
      method: 'POST',
      url: `/api/join-requests/${jr.uuid}/respond`,
      host: 'acme',
      token: admin,
      payload: { decision: 'decline' },
    });
    expect(res.json().status).toBe('declined');
    expect(
      (await call(t.app, { method: 'GET', url: `/api/members/${u.id}`, host: 'acme', token: admin })).statusCode,
    ).toBe(404);
    const mine = (await call(t.app, { method: 'GET', url: '/api/join-requests/mine', token: tok })).json();
    expect(mine).toMatchObject({ totalItems: 1, data: [{ status: 'declined' }] });
  });

  it('works from the host of a disabled membership (the disabled notice links to /join)', async () => {
    const u = await t.db.system(async (tx) => {
      const user = await createUser(tx, { email: 'off@globex.test' });
      await addMembership(tx, ids.globex!, user.id, { enabled: false });
      return user;
    });
    const tok = (await tokenFor(t.app, u.id, ids.globex!)).token;
    const ask = (subDomain: string) =>
      call(t.app, { method: 'POST', url: '/api/join-requests', host: 'globex', token: tok, payload: { subDomain } });
    // The company's own API stays closed to them…
    const members = await call(t.app, { method: 'GET', url: '/api/members', host: 'globex', token: tok });
    expect(members.statusCode).toBe(403);
    expect(members.json().code).toBe('ACCOUNT_DISABLED');
    // …but their own join requests are theirs from any host.
    const created = await ask('acme');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'pending', company: { subDomain: 'acme' }, user: { uuid: u.id } });
    const mine = await call(t.app, { method: 'GET', url: '/api/join-requests/mine', host: 'globex', token: tok });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ totalItems: 1, data: [{ uuid: created.json().uuid, status: 'pending' }] });
    // Asking back into the company that disabled them is not a way around it.
    const back = await ask('globex');
    expect(back.json().code).toBe('ALREADY_MEMBER');
  });

  it('the requester withdraws a pending request: gone from the admins list, logged, and they may ask again', async () => {
    const u = await t.db.system((tx) => createUser(tx, { email: 'changed.mind@else.test', firstName: 'Cy' }));
    const tok = (await tokenFor(t.app, u.id, null)).token;
    const ask = () =>
      call(t.app, { method: 'POST', url: '/api/join-requests', token: tok, payload: { subDomain: 'acme' } });
    const jr = (await ask()).json();
    const withdraw = (id: string, token = tok, host: string | null = null) =>
      call(t.app, { method: 'POST', url: `/api/join-requests/${id}/withdraw`, token, host });

    // Nobody else withdraws it, not even the company's admin.
    expect((await withdraw(jr.uuid, admin, 'acme')).statusCode).toBe(404);
    expect((await withdraw(jr.uuid, requester, 'globex')).statusCode).toBe(404);

    const seen: RealtimeMessage[] = [];
    const off = t.app.bus.subscribe(companyChannel(ids.acme!), (m) => seen.push(m));
    const res = await withdraw(jr.uuid);
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uuid: jr.uuid, status: 'withdrawn' });
    expect(seen).toEqual([{ type: 'listing_changed', resource: 'join-requests' }]);

    const pending = (
      await call(t.app, { method: 'GET', url: '/api/join-requests?status=pending', host: 'acme', token: admin })
    ).json();
    expect(pending.data.map((r: { uuid: string }) => r.uuid)).not.toContain(jr.uuid);
    const log = (
      await call(t.app, {
        method: 'GET',
        url: '/api/audit-log?action=join_request.withdraw',
        host: 'acme',
        token: admin,
      })
    ).json();
    expect(log.data).toMatchObject([{ targetId: jr.uuid, targetName: 'Cy Tester', actor: { uuid: u.id } }]);

    // Only a pending request can be withdrawn; asking again is allowed.
    expect((await withdraw(jr.uuid)).json().code).toBe('CONFLICT');
    expect((await ask()).statusCode).toBe(201);
  });
  it('asking and withdrawing in a loop stops after three requests a day, in the caller’s language', async () => {
    const u = await t.db.system((tx) => createUser(tx, { email: 'looping@else.test', firstName: 'Lo' }));
    const tok = (await tokenFor(t.app, u.id, null)).token;
    const ask = (language = 'en') =>
      call(t.app, {
        method: 'POST',
        url: '/api/join-requests',
        token: tok,
        headers: { 'accept-language': language },
        payload: { subDomain: 'acme' },
      });
    const withdraw = (id: string) =>
      call(t.app, { method: 'POST', url: `/api/join-requests/${id}/withdraw`, token: tok });
    for (let i = 0; i < JOIN_REQUESTS_A_DAY; i++) {
      const asked = await ask();
      expect(asked.statusCode).toBe(201);
      expect((await withdraw(asked.json().uuid)).statusCode).toBe(200);
    }
    const seen: RealtimeMessage[] = [];
    const off = t.app.bus.subscribe(companyChannel(ids.acme!), (m) => seen.push(m));
    const refused = await ask('fr');
    off();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'JOIN_REQUEST_TOO_OFTEN',
      message: 'Vous avez demandé à rejoindre cette entreprise trop souvent aujourd’hui. Veuillez réessayer demain.',
    });
    // Nothing was made and nobody was told.
    expect(seen).toEqual([]);
    const [made] = await t.db.system((tx) =>
      rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM join_requests WHERE user_id = ${u.id}`),
    );
    expect(made!.n).toBe(JOIN_REQUESTS_A_DAY);
    // A day later they may ask again.
    await t.db.system((tx) =>
      tx.execute(sql`UPDATE join_requests SET created_at = created_at - interval '25 hours' WHERE user_id = ${u.id}`),
    );
    expect((await ask()).statusCode).toBe(201);
  });
});

describe('join requests sent at once', () => {
  it('a burst of the same request makes one pending request and tells the admins once', async () => {
    const u = await t.db.system((tx) => createUser(tx, { email: 'burst@else.test', firstName: 'Bu' }));
    const tok = (await tokenFor(t.app, u.id, null)).token;
    const seen: RealtimeMessage[] = [];
    const off = t.app.bus.subscribe(companyChannel(ids.acme!), (m) => seen.push(m));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, { method: 'POST', url: '/api/join-requests', token: tok, payload: { subDomain: 'acme' } }),
      ),
    );
    off();
    const codes = answers.map((a) => (a.statusCode === 201 ? 201 : a.json().code)).sort();
    expect(codes).toEqual([201, ...Array(7).fill('JOIN_REQUEST_PENDING')].sort());
    const [made] = await t.db.system((tx) =>
      rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM join_requests WHERE user_id = ${u.id}`),
    );
    expect(made!.n).toBe(1);
    expect(seen).toHaveLength(1);
  });
});

describe('join requests to many companies', () => {
  it('one person waits on at most ten companies at once, also when asking all of them at the same time', async () => {
    const n = JOIN_REQUESTS_PENDING_MAX + 3;
    const subDomains = await t.db.system(async (tx) => {
      const made: string[] = [];
      for (let i = 0; i < n; i++)
        made.push((await createCompany(tx, { name: `Co ${i}`, subDomain: `co-${i}` })).subDomain);
      return made;
    });
    const u = await t.db.system((tx) => createUser(tx, { email: 'spray@else.test', firstName: 'Sp' }));
    const tok = (await tokenFor(t.app, u.id, null)).token;
    const ask = (subDomain: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/join-requests',
        token: tok,
        headers: { 'accept-language': 'de' },
        payload: { subDomain },
      });
    const answers = await Promise.all(subDomains.map(ask));
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(JOIN_REQUESTS_PENDING_MAX);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({ code: 'JOIN_REQUEST_TOO_MANY', message: expect.stringMatching(/^Sie warten/) });
    }
    const pending = async () =>
      (
        await t.db.system((tx) =>
          rows<{ n: number }>(
            tx,
            sql`SELECT count(*)::int AS n FROM join_requests WHERE user_id = ${u.id} AND status = 'pending'`,
          ),
        )
      )[0]!.n;
    expect(await pending()).toBe(JOIN_REQUESTS_PENDING_MAX);
    // Withdrawing one makes room for one more.
    const first = answers.find((a) => a.statusCode === 201)!.json().uuid;
    expect(
      (await call(t.app, { method: 'POST', url: `/api/join-requests/${first}/withdraw`, token: tok })).statusCode,
    ).toBe(200);
    const waiting = subDomains.filter((_, i) => answers[i]!.statusCode !== 201);
    expect((await ask(waiting[0]!)).statusCode).toBe(201);
    expect((await ask(waiting[1]!)).json().code).toBe('JOIN_REQUEST_TOO_MANY');
    expect(await pending()).toBe(JOIN_REQUESTS_PENDING_MAX);
  });
});

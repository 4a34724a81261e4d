import { REFRESH_COOKIE } from '@wac/shared/constants';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, memberships } from '../../db/schema/index';
import { addMembership, createUser } from '../../db/seed/factories';
import { hashPassword } from '../../lib/password';
import { call } from '../../test/harness';
import { app, cookieOf, freshIp, ids, login, PASSWORD, refresh, t, useAuthWorld } from './auth.test-support';

/**
 * One sign-in per browser: the base domain holds the sign-in, company hosts hold sessions opened
 * from it with one-time switch codes. A base-domain session acts on no company; a company admin's
 * revoke reaches the sign-in; signing out anywhere ends the whole family.
 */
useAuthWorld();

interface Opened {
  token: string;
  cookie: string;
  visiting?: unknown;
}

async function signInOnBase(email: string): Promise<Opened> {
  const res = await login(email, undefined, null);
  expect(res.statusCode).toBe(200);
  return { token: res.json().accessToken, cookie: cookieOf(res)!.value, visiting: res.json().visiting };
}

/** A switch code from `from` (on its host) into `companyUuid`, redeemed on `sub`'s host. */
async function enter(from: Opened, fromHost: string | null, companyUuid: string, sub: string): Promise<Opened> {
  const code = await call(app, {
    method: 'POST',
    url: '/api/jwt/switch-code',
    host: fromHost,
    token: from.token,
    payload: { companyUuid },
  });
  expect(code.statusCode).toBe(200);
  const res = await call(app, {
    method: 'POST',
    url: '/api/jwt/switch-code/redeem',
    host: sub,
    payload: { code: code.json().code },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode).toBe(200);
  return { token: res.json().accessToken, cookie: cookieOf(res)!.value, visiting: res.json().visiting };
}

describe('a base-domain session', () => {
  it('is refused on every company host (no replay of a company-less token)', async () => {
    const base = await signInOnBase('bob@acme.test');
    for (const host of ['acme', 'globex']) {
      for (const url of ['/api/dashboard/summary', '/api/profile', '/api/members']) {
        const res = await call(app, { method: 'GET', url, host, token: base.token });
        expect(res.statusCode, `${url} on ${host}`).toBe(401);
      }
    }
  });

  it('acts on no company on the base domain either: only its own user, companies, sessions, switch codes', async () => {
    const base = await signInOnBase('bob@acme.test');
    for (const [method, url] of [
      ['GET', '/api/dashboard/summary'],
      ['GET', '/api/profile'],
      ['GET', '/api/members'],
      ['POST', '/api/realtime/ticket'],
      ['GET', '/api/companies'],
    ] as const) {
      const res = await call(app, { method, url, host: null, token: base.token });
      expect(res.statusCode, url).toBe(403);
    }
    for (const url of [
      `/api/users/${ids.bob}`,
      `/api/users/${ids.bob}/user_company_profiles`,
      '/api/jwt/sessions',
      '/api/join-requests/mine',
    ]) {
      expect((await call(app, { method: 'GET', url, host: null, token: base.token })).statusCode, url).toBe(200);
    }
  });

  it('a company session is refused on the base domain', async () => {
    const base = await signInOnBase('bob@acme.test');
    const acme = await enter(base, null, ids.acme, 'acme');
    const res = await call(app, { method: 'GET', url: '/api/jwt/sessions', host: null, token: acme.token });
    expect(res.statusCode).toBe(401);
  });
});

describe('a company admin’s revoke', () => {
  it('ends the member’s base-domain sign-in too, so it cannot open the company again', async () => {
    const base = await signInOnBase('bob@acme.test');
    const onAcme = await enter(base, null, ids.acme, 'acme');
    const admin = await enter(await signInOnBase('alice@acme.test'), null, ids.acme, 'acme');
    const listed = await call(app, {
      method: 'GET',
      url: `/api/members/${ids.bob}/sessions`,
      host: 'acme',
      token: admin.token,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.length).toBeGreaterThanOrEqual(2);
    const revoke = await call(app, {
      method: 'POST',
      url: `/api/members/${ids.bob}/sessions/revoke`,
      host: 'acme',
      token: admin.token,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await refresh(onAcme.cookie, 'acme')).statusCode).toBe(401);
    expect((await refresh(base.cookie, null)).statusCode).toBe(401);
    const code = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code',
      host: null,
      token: base.token,
      payload: { companyUuid: ids.acme },
    });
    expect(code.statusCode).toBe(401);
    const after = await call(app, {
      method: 'GET',
      url: `/api/members/${ids.bob}/sessions`,
      host: 'acme',
      token: admin.token,
    });
    expect(after.json().data).toEqual([]);
  });

  it('also keeps out the member’s sign-ins on other companies’ hosts, which it does not end', async () => {
    // Erin belongs to Acme and Globex and signed in on Globex's own host: a sign-in of its own there.
    const passwordHash = await hashPassword(PASSWORD);
    const erin = await t.db.system(async (tx) => {
      const user = await createUser(tx, { email: 'erin@acme.test', passwordHash });
      await addMembership(tx, ids.acme, user.id);
      await addMembership(tx, ids.globex, user.id);
      return user.id;
    });
    const onGlobex = await login('erin@acme.test', undefined, 'globex');
    expect(onGlobex.statusCode).toBe(200);
    const globex = { token: onGlobex.json().accessToken, cookie: cookieOf(onGlobex)!.value };
    await enter(globex, 'globex', ids.acme, 'acme');
    const admin = await enter(await signInOnBase('alice@acme.test'), null, ids.acme, 'acme');
    const revoke = await call(app, {
      method: 'POST',
      url: `/api/members/${erin}/sessions/revoke`,
      host: 'acme',
      token: admin.token,
    });
    expect(revoke.statusCode).toBe(200);
    // Her Globex session goes on (one company's admin signs nobody out of another)...
    expect(
      (await call(app, { method: 'GET', url: '/api/profile', host: 'globex', token: globex.token })).statusCode,
    ).toBe(200);
    // ...but opens Acme no more: a code it asks for is refused on Acme's host.
    const code = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code',
      host: 'globex',
      token: globex.token,
      payload: { companyUuid: ids.acme },
    });
    const back = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code/redeem',
      host: 'acme',
      payload: { code: code.json().code },
      remoteAddress: freshIp(),
    });
    expect([back.statusCode, back.json().code]).toEqual([400, 'SWITCH_CODE_INVALID']);
    // A revoke is no ban: signing in again (after it) opens Acme as before.
    await enter(await signInOnBase('erin@acme.test'), null, ids.acme, 'acme');
  });
});

describe('signing out anywhere', () => {
  it('ends the browser’s sessions on every company and its sign-in, and nobody else’s', async () => {
    const base = await signInOnBase('alice@acme.test');
    const acme = await enter(base, null, ids.acme, 'acme');
    // From acme's host to globex's: the new session joins the same family.
    const globex = await enter(acme, 'acme', ids.globex, 'globex');
    const otherBrowser = await signInOnBase('alice@acme.test');
    const out = await call(app, {
      method: 'POST',
      url: '/api/jwt/logout',
      host: 'globex',
      cookies: { [REFRESH_COOKIE]: globex.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(acme.cookie, 'acme')).statusCode).toBe(401);
    expect((await refresh(base.cookie, null)).statusCode).toBe(401);
    expect((await refresh(otherBrowser.cookie, null)).statusCode).toBe(200);
  });

  it('a company cookie used twice (a copy) ends the browser’s whole sign-in, not only that session', async () => {
    const base = await signInOnBase('alice@acme.test');
    const acme = await enter(base, null, ids.acme, 'acme');
    const otherBrowser = await signInOnBase('alice@acme.test');
    const renewed = await refresh(acme.cookie, 'acme');
    expect(renewed.statusCode).toBe(200);
    // The browser renews again with what it was given: the first cookie can only be a copy now.
    expect((await refresh(cookieOf(renewed)!.value, 'acme')).statusCode).toBe(200);
    const reused = await refresh(acme.cookie, 'acme');
    expect([reused.statusCode, reused.json().code]).toEqual([401, 'REFRESH_INVALID']);
    // The holder of the copy could otherwise come straight back through the browser's sign-in.
    expect((await refresh(base.cookie, null)).statusCode).toBe(401);
    expect((await refresh(otherBrowser.cookie, null)).statusCode).toBe(200);
  });

  it('a switch code made before the sign-out opens nothing after it', async () => {
    const base = await signInOnBase('bob@acme.test');
    const code = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code',
      host: null,
      token: base.token,
      payload: { companyUuid: ids.acme },
    });
    await call(app, { method: 'POST', url: '/api/jwt/logout', host: null, cookies: { [REFRESH_COOKIE]: base.cookie } });
    const res = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code/redeem',
      host: 'acme',
      payload: { code: code.json().code },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SWITCH_CODE_INVALID');
  });
});

describe('the sessions list', () => {
  it('marks this browser’s whole sign-in as current (ending one of them would sign it out), not another browser’s', async () => {
    const base = await signInOnBase('alice@acme.test');
    const acme = await enter(base, null, ids.acme, 'acme');
    const other = await signInOnBase('alice@acme.test');
    const list = await call(app, {
      method: 'GET',
      url: '/api/jwt/sessions?itemsPerPage=50',
      host: 'acme',
      token: acme.token,
    });
    expect(list.statusCode).toBe(200);
    const sid = async (o: Opened) => (await app.tokens.verify(o.token)).sid;
    const current = new Set(
      list
        .json()
        .data.filter((s: { current: boolean }) => s.current)
        .map((s: { uuid: string }) => s.uuid),
    );
    expect(current.has(await sid(acme))).toBe(true);
    expect(current.has(await sid(base))).toBe(true);
    expect(current.has(await sid(other))).toBe(false);
  });
  it('revoking another browser’s session ends that browser’s whole sign-in, and only that', async () => {
    const mine = await enter(await signInOnBase('alice@acme.test'), null, ids.acme, 'acme');
    const otherBase = await signInOnBase('alice@acme.test');
    const otherAcme = await enter(otherBase, null, ids.acme, 'acme');
    const otherGlobex = await enter(otherAcme, 'acme', ids.globex, 'globex');
    const third = await signInOnBase('alice@acme.test');
    const res = await call(app, {
      method: 'DELETE',
      url: `/api/jwt/sessions/${(await app.tokens.verify(otherAcme.token)).sid}`,
      host: 'acme',
      token: mine.token,
    });
    expect(res.statusCode).toBe(200);
    // Its sign-in is gone too: the other browser cannot come back in with a switch code.
    expect((await refresh(otherBase.cookie, null)).statusCode).toBe(401);
    expect((await refresh(otherAcme.cookie, 'acme')).statusCode).toBe(401);
    expect((await refresh(otherGlobex.cookie, 'globex')).statusCode).toBe(401);
    expect((await refresh(mine.cookie, 'acme')).statusCode).toBe(200);
    expect((await refresh(third.cookie, null)).statusCode).toBe(200);
  });
});

describe('a disabled member', () => {
  it('cannot get a switch code into the company, nor redeem one made before he was disabled', async () => {
    const base = await signInOnBase('bob@acme.test');
    const code = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code',
      host: null,
      token: base.token,
      payload: { companyUuid: ids.acme },
    });
    expect(code.statusCode).toBe(200);
    const setEnabled = (enabled: boolean) =>
      t.db.system((tx) =>
        tx
          .update(memberships)
          .set({ enabled })
          .where(and(eq(memberships.userId, ids.bob), eq(memberships.companyId, ids.acme))),
      );
    await setEnabled(false);
    try {
      const redeem = await call(app, {
        method: 'POST',
        url: '/api/jwt/switch-code/redeem',
        host: 'acme',
        payload: { code: code.json().code },
        remoteAddress: freshIp(),
      });
      expect(redeem.statusCode).toBe(400);
      const again = await call(app, {
        method: 'POST',
        url: '/api/jwt/switch-code',
        host: null,
        token: base.token,
        payload: { companyUuid: ids.acme },
      });
      expect(again.statusCode).toBe(403);
    } finally {
      await setEnabled(true);
    }
  });
});

describe('a member removed from a company', () => {
  it('is not told he is visiting it as a super admin when his session there renews', async () => {
    const base = await signInOnBase('alice@acme.test');
    const globex = await enter(base, null, ids.globex, 'globex');
    expect(globex.visiting).toBeNull();
    const membership = and(eq(memberships.userId, ids.alice), eq(memberships.companyId, ids.globex));
    const [kept] = await t.db.system((tx) => tx.delete(memberships).where(membership).returning());
    try {
      const renewed = await refresh(globex.cookie, 'globex');
      if (renewed.statusCode === 200) {
        expect(renewed.json().user.companyUuids).not.toContain(ids.globex);
        expect(renewed.json().visiting).toBeNull();
      } else {
        expect(renewed.statusCode).toBe(401);
      }
    } finally {
      if (kept) await t.db.system((tx) => tx.insert(memberships).values(kept));
    }
  });
});

describe('the super admin', () => {
  it('opens any company’s console read-only, and the opening is audited in that company', async () => {
    const base = await signInOnBase('root@platform.test');
    const acme = await enter(base, null, ids.acme, 'acme');
    // The console is told it is a visit, and in which mode, so it can say so on every screen.
    expect(acme.visiting).toEqual({
      company: { uuid: ids.acme, name: expect.any(String), subDomain: 'acme', logo: null },
      write: false,
    });
    const renewed = await call(app, {
      method: 'POST',
      url: '/api/jwt/refresh-token',
      host: 'acme',
      cookies: { [REFRESH_COOKIE]: acme.cookie },
    });
    expect(renewed.json().visiting).toMatchObject({ company: { subDomain: 'acme' }, write: false });
    const read = await call(app, { method: 'GET', url: '/api/members', host: 'acme', token: acme.token });
    expect(read.statusCode).toBe(200);
    const write = await call(app, {
      method: 'POST',
      url: '/api/teams',
      host: 'acme',
      token: acme.token,
      payload: { name: 'Not allowed' },
    });
    expect(write.statusCode).toBe(403);
    const audited = await t.db.system((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, ids.acme), eq(auditLog.action, 'company.console_opened'))),
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorUserId: ids.root, after: { userId: ids.root, mode: 'read-only' } });
  });
});

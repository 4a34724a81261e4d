import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from '@wac/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { memberships, sessions } from '../../db/schema/index';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { hashPassword } from '../../lib/password';
import { AUDIENCE, ISSUER } from '../../lib/tokens';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { call, createTestApp } from '../../test/harness';
import { hit, LIMITS } from './rate-limit';
import { PASSWORD, t, app, ids, freshIp, cookieOf, login, refresh, listen, useAuthWorld } from './auth.test-support';

useAuthWorld();

describe('login', () => {
  it('answers a token and an HttpOnly refresh cookie scoped to /api/jwt, bound to the host', async () => {
    const ip = freshIp();
    const res = await login('Alice@Acme.test', PASSWORD, 'acme', ip);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 900,
      user: { uuid: ids.alice, email: 'alice@acme.test', roles: [] },
    });
    expect([...body.user.companyUuids].sort()).toEqual([ids.acme, ids.globex].sort());
    const cookie = cookieOf(res)!;
    expect(cookie).toMatchObject({ path: '/api/jwt', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 86_400 });
    expect(cookie.domain).toBeUndefined();
    expect(cookie.secure).toBeFalsy();
    expect(res.body).not.toContain(cookie.value);

    const claims = await app.tokens.verify(body.accessToken);
    expect(claims.cid).toBe(ids.acme);
    const [row] = await t.db.system((tx) => tx.select().from(sessions).where(eq(sessions.id, claims.sid)));
    expect(row).toMatchObject({ userId: ids.alice, companyId: ids.acme, userAgent: 'vitest-agent/1.0', ip });

    const me = await call(app, {
      method: 'GET',
      url: `/api/users/${ids.alice}`,
      host: 'acme',
      token: body.accessToken,
    });
    expect(me.statusCode).toBe(200);
  });

  it('on https names the cookie __Host-, Secure on Path=/, and reads it back from there', async () => {
    const secure = await createTestApp({ config: { publicProtocol: 'https' } });
    try {
      await secure.db.system(async (tx) => {
        const c = await createCompany(tx, { name: 'S', subDomain: 'secure-co' });
        const u = await createUser(tx, { email: 's@secure-co.test', passwordHash: await hashPassword(PASSWORD) });
        await addMembership(tx, c.id, u.id);
      });
      const res = await call(secure.app, {
        method: 'POST',
        url: '/api/jwt/login',
        host: 'secure-co',
        payload: { email: 's@secure-co.test', password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === `__Host-${REFRESH_COOKIE}`);
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cookie?.domain).toBeUndefined();
      expect(cookieOf(res)).toBeUndefined();
      const renewed = await call(secure.app, {
        method: 'POST',
        url: '/api/jwt/refresh-token',
        host: 'secure-co',
        cookies: { [`__Host-${REFRESH_COOKIE}`]: cookie!.value },
      });
      expect(renewed.statusCode).toBe(200);
      // The unprefixed name is not read on https: a sibling sub-domain could have planted it.
      const planted = await call(secure.app, {
        method: 'POST',
        url: '/api/jwt/refresh-token',
        host: 'secure-co',
        cookies: { [REFRESH_COOKIE]: renewed.cookies.find((c) => c.name === `__Host-${REFRESH_COOKIE}`)!.value },
      });
      expect(planted.statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });

  it('sets the page-readable session hint with the refresh cookie, and clears it with a refused refresh and a logout', async () => {
    const hint = (res: { cookies: Array<{ name: string; value: string; httpOnly?: boolean }> }) =>
      res.cookies.find((c) => c.name === SESSION_HINT_COOKIE);
    const res = await login('alice@acme.test', PASSWORD);
    expect(res.statusCode).toBe(200);
    // Readable by the page, on every path, as long-lived as the refresh cookie; it holds no secret.
    expect(hint(res)).toMatchObject({ value: '1', path: '/', maxAge: cookieOf(res)!.maxAge });
    expect(hint(res)?.httpOnly).toBeFalsy();
    const renewed = await call(app, {
      method: 'POST',
      url: '/api/jwt/refresh-token',
      host: 'acme',
      cookies: { [REFRESH_COOKIE]: cookieOf(res)!.value },
    });
    expect(hint(renewed)?.value).toBe('1');
    const refused = await call(app, {
      method: 'POST',
      url: '/api/jwt/refresh-token',
      host: 'acme',
      cookies: { [REFRESH_COOKIE]: 'not-a-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(hint(refused)).toMatchObject({ value: '', path: '/' });
    const out = await call(app, {
      method: 'POST',
      url: '/api/jwt/logout',
      host: 'acme',
      cookies: { [REFRESH_COOKIE]: cookieOf(renewed)!.value },
    });
    expect(out.statusCode).toBe(200);
    expect(hint(out)).toMatchObject({ value: '', path: '/' });
    // Expired: the browser drops it.
    expect((hint(out) as { expires?: Date }).expires?.getTime()).toBe(0);
  });

  it('answers the same for a wrong password and an unknown email, and opens no session', async () => {
    const count = async () => (await t.db.system((tx) => tx.select().from(sessions))).length;
    const before = await count();
    const wrong = await login('alice@acme.test', 'Wrong-Pass-1');
    const unknown = await login('nobody@acme.test', 'Wrong-Pass-1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials.' });
      expect(cookieOf(res)).toBeUndefined();
    }
    expect(await count()).toBe(before);
  });

  it('refuses a user who is part of no company; a platform super admin needs none', async () => {
    const res = await login('loner@acme.test', PASSWORD, null);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'NOT_PART_OF_ANY_COMPANY', message: 'You are not part of any company.' });
    const root = await login('root@platform.test', PASSWORD, null);
    expect(root.statusCode).toBe(200);
    expect(root.json().user).toMatchObject({ roles: ['super_admin'], companyUuids: [] });
  });

  it('rate-limits per account with 429 and Retry-After, even for the right password', async () => {
    const { max } = LIMITS.loginAccount;
    for (let i = 0; i < max; i++) {
      expect((await login('bob@acme.test', 'Wrong-Pass-1')).statusCode).toBe(401);
    }
    const limited = await login('bob@acme.test', PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(LIMITS.loginAccount.windowSeconds);
    expect(cookieOf(limited)).toBeUndefined();
    // Another account from another address is unaffected.
    expect((await login('alice@acme.test')).statusCode).toBe(200);
  });

  it('forgives an account its tries once the right password is given: only guessing is limited', async () => {
    const { max } = LIMITS.loginAccount;
    // More sign-ins than the limit, all with the right password (several browsers, a demo walked through).
    for (let i = 0; i < max + 2; i++) expect((await login('alice@acme.test')).statusCode).toBe(200);
    // Wrong tries short of the limit, then the right one: the count starts again.
    for (let i = 0; i < max - 1; i++) expect((await login('alice@acme.test', 'Wrong-Pass-1')).statusCode).toBe(401);
    expect((await login('alice@acme.test')).statusCode).toBe(200);
    for (let i = 0; i < max; i++) expect((await login('alice@acme.test', 'Wrong-Pass-1')).statusCode).toBe(401);
    expect((await login('alice@acme.test')).statusCode).toBe(429);
  });

  it('rate-limits login per IP across accounts', async () => {
    const ip = freshIp();
    const { max } = LIMITS.loginIp;
    // Each miss costs a full Argon2 verify (by design), so the first few go through the route and
    // the rest of the window is filled with the same counter the route uses.
    for (let i = 0; i < 3; i++)
      expect((await login(`spray${i}@acme.test`, 'Wrong-Pass-1', 'acme', ip)).statusCode).toBe(401);
    for (let i = 3; i < max; i++) await hit(app, 'loginIp', ip);
    const limited = await login('alice@acme.test', PASSWORD, 'acme', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await login('alice@acme.test', PASSWORD, 'acme', freshIp())).statusCode).toBe(200);
  });

  it('shares the counters between server processes on the same database', async () => {
    const other = await buildApp({ config: testConfig(), db: t.db });
    try {
      const email = 'bob@acme.test';
      const { max } = LIMITS.loginAccount;
      for (let i = 0; i < max; i++) {
        const target = i % 2 ? other : app;
        const res = await call(target, {
          method: 'POST',
          url: '/api/jwt/login',
          host: 'acme',
          payload: { email, password: 'Wrong-Pass-1' },
          remoteAddress: freshIp(),
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await call(other, {
        method: 'POST',
        url: '/api/jwt/login',
        host: 'acme',
        payload: { email, password: PASSWORD },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('rate-limits forgot-password per IP across accounts', async () => {
    const ip = freshIp();
    const { max } = LIMITS.forgotIp;
    for (let i = 0; i < max; i++) {
      const res = await call(app, {
        method: 'POST',
        url: '/api/jwt/forgot-password',
        payload: { email: `spray${i}@acme.test` },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await call(app, {
      method: 'POST',
      url: '/api/jwt/forgot-password',
      payload: { email: 'spray-last@acme.test' },
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token; a reused one ends the whole family and is announced', async () => {
    const first = await login('alice@acme.test');
    const sid = (await app.tokens.verify(first.json().accessToken)).sid;
    const c1 = cookieOf(first)!.value;

    const r1 = await refresh(c1);
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ tokenType: 'Bearer', user: { uuid: ids.alice } });
    const c2 = cookieOf(r1)!.value;
    expect(c2).not.toBe(c1);
    expect((await app.tokens.verify(r1.json().accessToken)).sid).toBe(sid);

    // The holder of c2 renews with it: from now on c1 can only be a copy.
    const r2 = await refresh(c2);
    expect(r2.statusCode).toBe(200);
    const c3 = cookieOf(r2)!.value;

    const bus = listen(ids.alice);
    const reuse = await refresh(c1);
    bus.off();
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_INVALID');
    expect(cookieOf(reuse)?.value).toBe('');
    expect(bus.got).toEqual([{ type: 'user_logged_out', sessionId: sid }]);

    // The thief's reuse also ends the legitimate holder's newer token and access token.
    expect((await refresh(c3)).json().code).toBe('REFRESH_INVALID');
    const api = await call(app, {
      method: 'GET',
      url: `/api/users/${ids.alice}`,
      host: 'acme',
      token: r1.json().accessToken,
    });
    expect(api.statusCode).toBe(401);
    expect(api.json().code).toBe('SESSION_REVOKED');
  });

  it('a renewal whose answer was lost may be asked again for a few seconds; the lost token is then a copy', async () => {
    const first = await login('alice@acme.test');
    const sid = (await app.tokens.verify(first.json().accessToken)).sid;
    const c1 = cookieOf(first)!.value;
    // The browser sent c1, the server rotated it to c2, the answer never arrived (a reload).
    const lost = await refresh(c1);
    expect(lost.statusCode).toBe(200);
    const c2 = cookieOf(lost)!.value;
    // The reloaded page sends c1 again: a new token, the session kept.
    const retry = await refresh(c1);
    expect(retry.statusCode).toBe(200);
    const c3 = cookieOf(retry)!.value;
    expect(new Set([c1, c2, c3]).size).toBe(3);
    expect((await app.tokens.verify(retry.json().accessToken)).sid).toBe(sid);
    // c2 was never delivered: whoever presents it holds a copy, and the family ends.
    const bus = listen(ids.alice);
    const copy = await refresh(c2);
    bus.off();
    expect([copy.statusCode, copy.json().code]).toEqual([401, 'REFRESH_INVALID']);
    expect(bus.got).toEqual([{ type: 'user_logged_out', sessionId: sid }]);
    expect((await refresh(c3)).json().code).toBe('REFRESH_INVALID');

    // Past the grace, a rotated token is a copy even while its successor is unused.
    const again = await login('alice@acme.test');
    const d1 = cookieOf(again)!.value;
    const d2 = cookieOf(await refresh(d1))!.value;
    const dsid = (await app.tokens.verify(again.json().accessToken)).sid;
    await t.db.system((tx) =>
      tx.execute(
        sql`UPDATE refresh_tokens SET used_at = now() - interval '31 seconds' WHERE used_at IS NOT NULL
              AND session_id = ${dsid}`,
      ),
    );
    expect((await refresh(d1)).json().code).toBe('REFRESH_INVALID');
    expect((await refresh(d2)).json().code).toBe('REFRESH_INVALID');
  });

  it('refuses a missing cookie, a cookie of another host and an expired session', async () => {
    expect((await refresh(undefined)).json().code).toBe('REFRESH_INVALID');
    const res = await login('alice@acme.test');
    const cookie = cookieOf(res)!.value;
    expect((await refresh(cookie, 'globex')).statusCode).toBe(401);
    expect((await refresh(cookie, null)).statusCode).toBe(401);
    // Refusing on the wrong host did not burn it.
    const ok = await refresh(cookie, 'acme');
    expect(ok.statusCode).toBe(200);
    const sid = (await app.tokens.verify(ok.json().accessToken)).sid;
    await t.db.system((tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, sid)),
    );
    const expired = await refresh(cookieOf(ok)!.value);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('REFRESH_INVALID');
    expect(cookieOf(expired)?.value).toBe('');
  });

  it('logs out server-side: refresh then fails, the bus is told, and a second logout is fine', async () => {
    const res = await login('bob@acme.test', PASSWORD, 'acme');
    const { accessToken } = res.json();
    const cookie = cookieOf(res)!.value;
    const sid = (await app.tokens.verify(accessToken)).sid;
    const bus = listen(ids.bob);
    const out = await call(app, {
      method: 'POST',
      url: '/api/jwt/logout',
      host: 'acme',
      token: accessToken,
      cookies: { [REFRESH_COOKIE]: cookie },
    });
    bus.off();
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(cookieOf(out)?.value).toBe('');
    expect(bus.got).toEqual([{ type: 'user_logged_out', sessionId: sid }]);
    expect((await refresh(cookie)).json().code).toBe('REFRESH_INVALID');

    const again = await call(app, {
      method: 'POST',
      url: '/api/jwt/logout',
      host: 'acme',
      cookies: { [REFRESH_COOKIE]: cookie },
    });
    expect(again.statusCode).toBe(200);
    expect((await call(app, { method: 'POST', url: '/api/jwt/logout', host: 'acme' })).statusCode).toBe(200);
  });

  it('refuses the cookie routes to another page: a sibling company, another port, another site (finding: Origin unchecked)', async () => {
    const res = await login('alice@acme.test');
    const cookie = cookieOf(res)!.value;
    const from = (headers: Record<string, string>, url = '/api/jwt/refresh-token') =>
      call(app, { method: 'POST', url, host: 'acme', cookies: { [REFRESH_COOKIE]: cookie }, headers });
    const pages: Array<Record<string, string>> = [
      { origin: 'http://globex.localhost:3000', 'sec-fetch-site': 'same-site' },
      { origin: 'http://globex.localhost:3000' },
      { origin: 'http://acme.localhost:4000' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of pages) {
      for (const url of ['/api/jwt/refresh-token', '/api/jwt/logout']) {
        const refused = await from(headers, url);
        expect(refused.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(refused.json().code).toBe('CROSS_SITE_REQUEST');
        expect(cookieOf(refused)).toBeUndefined();
      }
    }
    const login2 = await call(app, {
      method: 'POST',
      url: '/api/jwt/login',
      host: 'acme',
      payload: { email: 'alice@acme.test', password: PASSWORD },
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', 'accept-language': 'fr' },
      remoteAddress: freshIp(),
    });
    expect(login2.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST', message: expect.stringContaining('autre page') });
    // The session was not touched: the console's own page still refreshes with the same cookie.
    const own = await from({ origin: 'http://acme.localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
  });

  it('logs out by cookie alone', async () => {
    const res = await login('alice@acme.test');
    const cookie = cookieOf(res)!.value;
    const out = await call(app, {
      method: 'POST',
      url: '/api/jwt/logout',
      host: 'acme',
      cookies: { [REFRESH_COOKIE]: cookie },
    });
    expect(out.statusCode).toBe(200);
    const api = await call(app, {
      method: 'GET',
      url: `/api/users/${ids.alice}`,
      host: 'acme',
      token: res.json().accessToken,
    });
    expect(api.json().code).toBe('SESSION_REVOKED');
  });

  it('ends the session on refresh once the user is part of no company any more', async () => {
    const res = await login('bob@acme.test');
    await t.db.system((tx) => tx.delete(memberships).where(eq(memberships.userId, ids.bob)));
    try {
      const r = await refresh(cookieOf(res)!.value);
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('NOT_PART_OF_ANY_COMPANY');
      expect(cookieOf(r)?.value).toBe('');
      const api = await call(app, {
        method: 'GET',
        url: '/api/jwt/sessions',
        host: 'acme',
        token: res.json().accessToken,
      });
      expect(api.json().code).toBe('SESSION_REVOKED');
    } finally {
      await t.db.system((tx) => addMembership(tx, ids.acme, ids.bob));
    }
  });

  it('refreshes and logs out with an expired access token sent along', async () => {
    const res = await login('alice@acme.test');
    const claims = await app.tokens.verify(res.json().accessToken);
    const expired = await new SignJWT({ ...claims, typ: 'access', exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .sign(new TextEncoder().encode(app.config.jwtSecret));
    const renewed = await call(app, {
      method: 'POST',
      url: '/api/jwt/refresh-token',
      host: 'acme',
      token: expired,
      cookies: { [REFRESH_COOKIE]: cookieOf(res)!.value },
    });
    expect(renewed.statusCode).toBe(200);
    const out = await call(app, {
      method: 'POST',
      url: '/api/jwt/logout',
      host: 'acme',
      token: expired,
      cookies: { [REFRESH_COOKIE]: cookieOf(renewed)!.value },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(cookieOf(renewed)!.value)).json().code).toBe('REFRESH_INVALID');
  });
});

describe('tokens of the wrong kind', () => {
  it('refuses an access token as refresh token, and a refresh token as Bearer', async () => {
    const res = await login('alice@acme.test');
    const { accessToken } = res.json();
    const cookie = cookieOf(res)!.value;
    const asRefresh = await refresh(accessToken);
    expect(asRefresh.statusCode).toBe(401);
    expect(asRefresh.json().code).toBe('REFRESH_INVALID');
    const asBearer = await call(app, { method: 'GET', url: `/api/users/${ids.alice}`, host: 'acme', token: cookie });
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json().code).toBe('TOKEN_INVALID');
    // Neither attempt harmed the real session.
    expect((await refresh(cookie)).statusCode).toBe(200);
  });

  it('refuses tampered, alg:none, foreign-key and expired access tokens', async () => {
    const { accessToken } = (await login('alice@acme.test')).json();
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['super_admin'] })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .sign(new TextEncoder().encode(t.app.config.jwtSecret));
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const cases: Array<[string, string, string]> = [
      ['tampered payload', `${header}.${forged}.${signature}`, 'TOKEN_INVALID'],
      ['alg none', `${none}.${payload}.`, 'TOKEN_INVALID'],
      ['other key', otherKey, 'TOKEN_INVALID'],
      ['expired', expired, 'TOKEN_EXPIRED'],
      ['garbage', 'not-a-jwt', 'TOKEN_INVALID'],
    ];
    for (const [name, token, code] of cases) {
      const res = await call(app, { method: 'GET', url: '/api/jwt/sessions', host: 'acme', token });
      expect(res.statusCode, name).toBe(401);
      expect(res.json().code, name).toBe(code);
    }
    const basic = await call(app, {
      method: 'GET',
      url: '/api/jwt/sessions',
      host: 'acme',
      headers: { authorization: 'Basic YTpi' },
    });
    expect(basic.statusCode).toBe(401);
  });
});

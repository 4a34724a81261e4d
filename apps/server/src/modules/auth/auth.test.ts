import { REFRESH_COOKIE, SWITCH_CODE_TTL_SECONDS, TRIAL_DAYS } from '@wac/shared/constants';
import { type RealtimeMessage, userChannel } from '@wac/shared/realtime';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  companies,
  memberships,
  otpCodes,
  rateLimits,
  sessions,
  switchCodes,
  users,
} from '../../db/schema/index';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { hashPassword } from '../../lib/password';
import { AUDIENCE, ISSUER } from '../../lib/tokens';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { call, createTestApp, type TestContext } from '../../test/harness';
import { otpOf, startTestSmtp, type TestSmtp } from '../../test/smtp';
import { purgeExpired, revokeAllSessions } from './auth.service';
import { hit, LIMITS } from './rate-limit';

const PASSWORD = 'Sturdy-Pass-42';
let t: TestContext;
let app: FastifyInstance;
let smtp: TestSmtp;
let ids: { acme: string; globex: string; alice: string; bob: string; loner: string; root: string };

// Each test gets its own client address, so the per-IP limits of one do not leak into another.
let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
  app = t.app;
  const passwordHash = await hashPassword(PASSWORD);
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const alice = await createUser(tx, { email: 'alice@acme.test', passwordHash });
    const bob = await createUser(tx, { email: 'bob@acme.test', passwordHash });
    const loner = await createUser(tx, { email: 'loner@acme.test', passwordHash });
    const root = await createUser(tx, { email: 'root@platform.test', passwordHash, roles: ['super_admin'] });
    await addMembership(tx, acme.id, alice.id, { roles: ['admin'] });
    await addMembership(tx, globex.id, alice.id);
    await addMembership(tx, acme.id, bob.id);
    return { acme: acme.id, globex: globex.id, alice: alice.id, bob: bob.id, loner: loner.id, root: root.id };
  });
});
// Every test starts with fresh counters; the rate-limit tests trip them on purpose.
beforeEach(async () => {
  await t.db.system((tx) => tx.delete(rateLimits));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function cookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE);
}

async function login(email: string, password = PASSWORD, host: string | null = 'acme', ip = freshIp()) {
  return call(app, {
    method: 'POST',
    url: '/api/jwt/login',
    host,
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': 'vitest-agent/1.0' },
  });
}

function refresh(cookie: string | undefined, host: string | null = 'acme') {
  return call(app, {
    method: 'POST',
    url: '/api/jwt/refresh-token',
    host,
    ...(cookie ? { cookies: { [REFRESH_COOKIE]: cookie } } : {}),
    remoteAddress: freshIp(),
  });
}

function listen(userId: string) {
  const got: RealtimeMessage[] = [];
  const off = app.bus.subscribe(userChannel(userId), (m) => got.push(m));
  return { got, off };
}

const registration = (over: Record<string, unknown> = {}) => ({
  email: 'jane@initech-labs.test',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Initech Labs',
  password: 'Rocket-Fuel-77',
  confirmPassword: 'Rocket-Fuel-77',
  accountType: 'organization',
  ...over,
});

describe('sign-up', () => {
  it('registers end to end: code by real SMTP, company with trial, admin, switch code into the new host', async () => {
    const ip = freshIp();
    const before = smtp.mails.length;
    const start = await call(app, {
      method: 'POST',
      url: '/api/jwt/register',
      payload: registration({ phone: '+49 30 1234567' }),
      remoteAddress: ip,
    });
    expect(start.statusCode).toBe(200);
    const started = start.json();
    expect(started).toMatchObject({ email: 'jane@initech-labs.test', subDomain: 'initech-labs' });

    // The pending registration holds an Argon2id hash, never the password or the code.
    const [pending] = await t.db.system((tx) =>
      tx.select().from(otpCodes).where(eq(otpCodes.id, started.registrationId)),
    );
    const stored = JSON.stringify(pending);
    expect(stored).not.toContain('Rocket-Fuel-77');
    expect((pending!.payload as { passwordHash: string }).passwordHash).toMatch(/^\$argon2id\$/);

    const mail = await smtp.waitFor('jane@initech-labs.test', { after: before });
    expect(mail.subject).toBe('Your Workplace sign-up code');
    const otp = otpOf(mail);
    expect(stored).not.toContain(otp);

    const wrongCode = otp === '000000' ? '111111' : '000000';
    const wrong = await call(app, {
      method: 'POST',
      url: '/api/jwt/register/verify',
      payload: { registrationId: started.registrationId, otp: wrongCode },
      remoteAddress: ip,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'INVALID_OTP', message: 'Invalid otp code' });

    const ok = await call(app, {
      method: 'POST',
      url: '/api/jwt/register/verify',
      payload: { registrationId: started.registrationId, otp },
      remoteAddress: ip,
    });
    expect(ok.statusCode).toBe(200);
    const target = ok.json();
    expect(target.subDomain).toBe('initech-labs');
    expect(target.code.length).toBeGreaterThanOrEqual(22);

    const again = await call(app, {
      method: 'POST',
      url: '/api/jwt/register/verify',
      payload: { registrationId: started.registrationId, otp },
      remoteAddress: ip,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_OTP');

    const [company] = await t.db.system((tx) =>
      tx.select().from(companies).where(eq(companies.subDomain, 'initech-labs')),
    );
    expect(company).toMatchObject({ name: 'Initech Labs', plan: 'pro-plan-monthly', accountType: 'organization' });
    const trialDays = (company!.trialEndsAt!.getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(TRIAL_DAYS - 0.01);
    expect(trialDays).toBeLessThanOrEqual(TRIAL_DAYS);
    const audits = await t.db.system((tx) => tx.select().from(auditLog).where(eq(auditLog.companyId, company!.id)));
    expect(audits.map((a) => a.action)).toEqual(['company.registered']);

    // The browser lands on the new sub-domain with ?_token=code and redeems it there.
    const redeem = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code/redeem',
      host: 'initech-labs',
      payload: { code: target.code },
    });
    expect(redeem.statusCode).toBe(200);
    const session = redeem.json();
    expect(session).toMatchObject({
      tokenType: 'Bearer',
      user: {
        email: 'jane@initech-labs.test',
        firstName: 'Jane',
        phone: '+49 30 1234567',
        companyUuids: [company!.id],
      },
    });
    expect(cookieOf(redeem)?.value).toBeTruthy();
    const profiles = await call(app, {
      method: 'GET',
      url: `/api/users/${session.user.uuid}/user_company_profiles`,
      host: 'initech-labs',
      token: session.accessToken,
    });
    expect(profiles.json().data).toMatchObject([{ enabled: true, roles: [{ name: 'admin' }] }]);

    expect((await login('jane@initech-labs.test', 'Rocket-Fuel-77', 'initech-labs')).statusCode).toBe(200);
  });

  it('refuses free-mail, disposable and sub-domains of disposable addresses', async () => {
    for (const email of ['someone@gmail.com', 'someone@mailinator.com', 'x@inbox.mailinator.com', 'x@yahoo.co.jp']) {
      const res = await call(app, {
        method: 'POST',
        url: '/api/jwt/register',
        payload: registration({ email }),
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({
        code: 'WORK_EMAIL_REQUIRED',
        message: 'We are sorry, we do not allow this email address. Please use your work email address.',
      });
    }
    const rows = await t.db.system((tx) => tx.select().from(otpCodes).where(eq(otpCodes.email, 'someone@gmail.com')));
    expect(rows).toEqual([]);
  });

  it('refuses common passwords, mismatched confirmation, taken email and taken or invalid sub-domains', async () => {
    const post = (over: Record<string, unknown>) =>
      call(app, { method: 'POST', url: '/api/jwt/register', payload: registration(over), remoteAddress: freshIp() });

    const common = await post({ email: 'p@common.test', password: 'Qwerty123', confirmPassword: 'Qwerty123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');

    const mismatch = await post({ email: 'p@mismatch.test', confirmPassword: 'Other-Pass-99' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'body.confirmPassword', code: 'passwordMismatch', message: 'The passwords do not match.' }],
    });

    const weak = await post({ email: 'p@weak.test', password: 'alllowercase1', confirmPassword: 'alllowercase1' });
    expect(weak.json().issues).toMatchObject([{ path: 'body.password', code: 'passwordCase' }]);

    const taken = await post({ email: 'ALICE@acme.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email address already exists.',
    });

    const sub = await post({ email: 'p@sub.test', subDomain: 'acme' });
    expect(sub.statusCode).toBe(409);
    expect(sub.json().code).toBe('SUBDOMAIN_TAKEN');

    for (const subDomain of ['-bad', 'ab', 'admin', 'has.dot', 'x'.repeat(64)]) {
      const res = await post({ email: 'p@sub.test', subDomain });
      expect(res.statusCode, subDomain).toBe(400);
      expect(res.json().issues).toMatchObject([{ path: 'body.subDomain', code: 'subDomain' }]);
    }

    // A proposed sub-domain steps aside from an existing one.
    const proposed = await post({ email: 'p@acme-two.test', companyName: 'ACME' });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json().subDomain).toBe('acme-2');
  });

  it('mails the code in the language of the request', async () => {
    const before = smtp.mails.length;
    const res = await call(app, {
      method: 'POST',
      url: '/api/jwt/register',
      payload: registration({ email: 'hans@firma-de.test', companyName: 'Firma GmbH' }),
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor('hans@firma-de.test', { after: before });
    expect(mail.subject).toBe('Ihr Workplace-Registrierungscode');
    expect(mail.text).toContain('Der Code ist 10 Minuten gültig');
  });

  async function startRegistration(email: string, companyName: string) {
    const before = smtp.mails.length;
    const res = await call(app, {
      method: 'POST',
      url: '/api/jwt/register',
      payload: registration({ email, companyName }),
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(email, { after: before });
    return { registrationId: res.json().registrationId as string, otp: otpOf(mail) };
  }
  const verify = (registrationId: string, otp: string) =>
    call(app, {
      method: 'POST',
      url: '/api/jwt/register/verify',
      payload: { registrationId, otp },
      remoteAddress: freshIp(),
    });

  it('refuses an expired code', async () => {
    const { registrationId, otp } = await startRegistration('late@expired-co.test', 'Expired Co');
    await t.db.system((tx) =>
      tx
        .update(otpCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(otpCodes.id, registrationId)),
    );
    const res = await verify(registrationId, otp);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_EXPIRED');
    expect(await t.db.system((tx) => tx.select().from(users).where(eq(users.email, 'late@expired-co.test')))).toEqual(
      [],
    );
  });

  it('locks a code after 5 wrong tries, even for the right code; a resent code works again', async () => {
    const email = 'guess@tries-co.test';
    const { registrationId, otp } = await startRegistration(email, 'Tries Co');
    const wrong = otp === '123456' ? '654321' : '123456';
    for (let i = 1; i <= 5; i++) {
      const res = await verify(registrationId, wrong);
      expect(res.json().code, `try ${i}`).toBe('INVALID_OTP');
    }
    const locked = await verify(registrationId, otp);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');

    const before = smtp.mails.length;
    const resend = await call(app, {
      method: 'POST',
      url: '/api/jwt/register/resend',
      payload: { registrationId },
      remoteAddress: freshIp(),
    });
    expect(resend.json()).toEqual({ ok: true });
    const fresh = otpOf(await smtp.waitFor(email, { after: before }));
    if (fresh !== otp) expect((await verify(registrationId, otp)).json().code).toBe('INVALID_OTP');
    const ok = await verify(registrationId, fresh);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().subDomain).toBe('tries-co');

    const unknown = await call(app, {
      method: 'POST',
      url: '/api/jwt/register/resend',
      payload: { registrationId },
      remoteAddress: freshIp(),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

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

  it('marks the cookie Secure when the public protocol is https', async () => {
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
      expect(cookieOf(res)?.secure).toBe(true);
    } finally {
      await secure.close();
    }
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

    const bus = listen(ids.alice);
    const reuse = await refresh(c1);
    bus.off();
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_INVALID');
    expect(cookieOf(reuse)?.value).toBe('');
    expect(bus.got).toEqual([{ type: 'user_logged_out', sessionId: sid }]);

    // The thief's reuse also ends the legitimate holder's newer token and access token.
    expect((await refresh(c2)).json().code).toBe('REFRESH_INVALID');
    const api = await call(app, {
      method: 'GET',
      url: `/api/users/${ids.alice}`,
      host: 'acme',
      token: r1.json().accessToken,
    });
    expect(api.statusCode).toBe(401);
    expect(api.json().code).toBe('SESSION_REVOKED');
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

describe('forgot and reset password', () => {
  it('answers the same whether the account exists, and mails only real accounts', async () => {
    const before = smtp.mails.length;
    const ghost = await call(app, {
      method: 'POST',
      url: '/api/jwt/forgot-password',
      payload: { email: 'ghost@acme.test' },
      remoteAddress: freshIp(),
    });
    const real = await call(app, {
      method: 'POST',
      url: '/api/jwt/forgot-password',
      payload: { email: 'bob@acme.test' },
      remoteAddress: freshIp(),
    });
    expect(ghost.statusCode).toBe(200);
    expect(real.statusCode).toBe(200);
    expect(ghost.body).toBe(real.body);
    await smtp.waitFor('bob@acme.test', { after: before });
    expect(smtp.mails.slice(before).some((m) => m.to.includes('ghost@acme.test'))).toBe(false);
  });

  it('resets with the mailed code, ends every session of the user, and the code works once', async () => {
    const email = 'alice@acme.test';
    const s1 = await login(email, PASSWORD, 'acme');
    const s2 = await login(email, PASSWORD, 'globex');
    const sids = [
      (await app.tokens.verify(s1.json().accessToken)).sid,
      (await app.tokens.verify(s2.json().accessToken)).sid,
    ];
    const before = smtp.mails.length;
    await call(app, { method: 'POST', url: '/api/jwt/forgot-password', payload: { email }, remoteAddress: freshIp() });
    const otp = otpOf(await smtp.waitFor(email, { after: before }));
    const reset = (password: string, code = otp) =>
      call(app, {
        method: 'POST',
        url: '/api/jwt/reset-password',
        payload: { email, otp: code, password, confirmPassword: password },
        remoteAddress: freshIp(),
      });

    expect((await reset('Password123')).json().code).toBe('PASSWORD_TOO_COMMON');
    expect((await reset('New-Secret-2026', otp === '999999' ? '888888' : '999999')).json().code).toBe('INVALID_OTP');

    const bus = listen(ids.alice);
    const ok = await reset('New-Secret-2026');
    bus.off();
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const announced = bus.got.map((m) => m.sessionId);
    for (const sid of sids) expect(announced).toContain(sid);

    expect((await refresh(cookieOf(s1)!.value, 'acme')).json().code).toBe('REFRESH_INVALID');
    expect((await refresh(cookieOf(s2)!.value, 'globex')).json().code).toBe('REFRESH_INVALID');
    const live = await t.db.system((tx) =>
      tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, ids.alice))),
    );
    expect(live.filter((s) => !s.revokedAt)).toEqual([]);

    expect((await reset('Another-Secret-3')).json().code).toBe('INVALID_OTP');
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'New-Secret-2026')).statusCode).toBe(200);
  });
});

describe('switch codes', () => {
  async function signIn(email: string, password: string, host: string) {
    const res = await login(email, password, host);
    expect(res.statusCode).toBe(200);
    return res.json().accessToken as string;
  }
  const redeem = (code: string, host: string | null) =>
    call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code/redeem',
      host,
      payload: { code },
      remoteAddress: freshIp(),
    });

  it('opens a session on the target host once, only there', async () => {
    const token = await signIn('alice@acme.test', 'New-Secret-2026', 'acme');
    const res = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code',
      host: 'acme',
      token,
      payload: { companyUuid: ids.globex },
    });
    expect(res.statusCode).toBe(200);
    const { code, expiresIn, subDomain } = res.json();
    expect(subDomain).toBe('globex');
    expect(expiresIn).toBe(SWITCH_CODE_TTL_SECONDS);
    expect(Buffer.from(code, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.db.system((tx) => tx.select().from(switchCodes));
    expect(stored.some((s) => s.codeHash === code)).toBe(false);

    expect((await redeem(code, 'acme')).json().code).toBe('SWITCH_CODE_INVALID');
    expect((await redeem(code, null)).json().code).toBe('SWITCH_CODE_INVALID');
    const ok = await redeem(code, 'globex');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.uuid).toBe(ids.alice);
    expect(cookieOf(ok)?.path).toBe('/api/jwt');
    expect((await app.tokens.verify(ok.json().accessToken)).cid).toBe(ids.globex);
    const again = await redeem(code, 'globex');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('SWITCH_CODE_INVALID');
  });

  it('refuses an expired code and a target the user is not a member of', async () => {
    const token = await signIn('alice@acme.test', 'New-Secret-2026', 'acme');
    const { code } = (
      await call(app, {
        method: 'POST',
        url: '/api/jwt/switch-code',
        host: 'acme',
        token,
        payload: { companyUuid: ids.globex },
      })
    ).json();
    await t.db.system((tx) => tx.update(switchCodes).set({ expiresAt: new Date(Date.now() - 1000) }));
    expect((await redeem(code, 'globex')).json().code).toBe('SWITCH_CODE_INVALID');

    const bobToken = await signIn('bob@acme.test', PASSWORD, 'acme');
    const foreign = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code',
      host: 'acme',
      token: bobToken,
      payload: { companyUuid: ids.globex },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
    const anonymous = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code',
      host: 'acme',
      payload: { companyUuid: ids.acme },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('own sessions', () => {
  it('lists only the caller’s live sessions, marks the current one, and revokes one', async () => {
    const a = (await login('bob@acme.test', PASSWORD, 'acme')).json().accessToken;
    const b = (await login('bob@acme.test', PASSWORD, null)).json().accessToken;
    const other = (await app.tokens.verify((await login('alice@acme.test', 'New-Secret-2026')).json().accessToken)).sid;
    const list = await call(app, { method: 'GET', url: '/api/jwt/sessions?itemsPerPage=50', host: 'acme', token: a });
    expect(list.statusCode).toBe(200);
    const page = list.json();
    const current = page.data.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ companySubDomain: 'acme', userAgent: 'vitest-agent/1.0' });
    expect(page.data.map((s: { uuid: string }) => s.uuid)).not.toContain(other);
    expect(page.totalItems).toBe(page.data.length);

    const paged = await call(app, { method: 'GET', url: '/api/jwt/sessions?itemsPerPage=1', host: 'acme', token: a });
    expect(paged.json()).toMatchObject({ page: 1, itemsPerPage: 1, totalItems: page.totalItems });
    expect(paged.json().data).toHaveLength(1);

    const bSid = (await app.tokens.verify(b)).sid;
    const bus = listen(ids.bob);
    const revoke = await call(app, {
      method: 'DELETE',
      url: `/api/jwt/sessions/${bSid}`,
      host: 'acme',
      token: a,
      headers: { 'accept-language': 'fr' },
    });
    bus.off();
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ ok: true, message: 'La session utilisateur a été révoquée avec succès' });
    expect(bus.got).toEqual([{ type: 'user_logged_out', sessionId: bSid }]);
    expect((await call(app, { method: 'GET', url: '/api/jwt/sessions', token: b })).json().code).toBe(
      'SESSION_REVOKED',
    );

    const notMine = await call(app, { method: 'DELETE', url: `/api/jwt/sessions/${other}`, host: 'acme', token: a });
    expect(notMine.statusCode).toBe(404);
    const aliceSession = await call(app, {
      method: 'GET',
      url: `/api/users/${ids.alice}`,
      token: (await login('alice@acme.test', 'New-Secret-2026', null)).json().accessToken,
    });
    expect(aliceSession.statusCode).toBe(200);
  });

  it('revokeAllSessions ends every session of a user for other modules', async () => {
    const res = await login('bob@acme.test', PASSWORD, 'acme');
    const revoked = await revokeAllSessions(app, ids.bob, 'admin_revoke');
    expect(revoked.length).toBeGreaterThanOrEqual(1);
    expect((await refresh(cookieOf(res)!.value)).json().code).toBe('REFRESH_INVALID');
  });
});

describe('housekeeping', () => {
  it('purges long-expired sessions and codes, and keeps live ones', async () => {
    const live = await login('bob@acme.test');
    const liveSid = (await app.tokens.verify(live.json().accessToken)).sid;
    const old = await login('alice@acme.test', 'New-Secret-2026');
    const oldSid = (await app.tokens.verify(old.json().accessToken)).sid;
    await t.db.system((tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 8 * 86_400_000) })
        .where(eq(sessions.id, oldSid)),
    );
    await purgeExpired(app);
    const left = await t.db.system((tx) => tx.select({ id: sessions.id }).from(sessions));
    expect(left.map((s) => s.id)).toContain(liveSid);
    expect(left.map((s) => s.id)).not.toContain(oldSid);
    expect((await refresh(cookieOf(live)!.value)).statusCode).toBe(200);
  });
});

describe('bad input changes nothing', () => {
  it('answers 4xx with stable codes for bad JSON, wrong types, unknown fields and oversized bodies', async () => {
    const count = async () => (await t.db.system((tx) => tx.select().from(otpCodes))).length;
    const before = await count();
    const badJson = await call(app, {
      method: 'POST',
      url: '/api/jwt/register',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe('INVALID_JSON');

    const wrongTypes = await call(app, {
      method: 'POST',
      url: '/api/jwt/login',
      payload: { email: 5, password: ['x'] },
    });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().code).toBe('VALIDATION_FAILED');

    const huge = await call(app, {
      method: 'POST',
      url: '/api/jwt/register',
      payload: registration({ email: 'big@huge.test', firstName: 'x'.repeat(20_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('BODY_TOO_LARGE');

    const badOtp = await call(app, {
      method: 'POST',
      url: '/api/jwt/register/verify',
      payload: { registrationId: 'nope', otp: '12' },
    });
    expect(badOtp.statusCode).toBe(400);
    expect(
      badOtp
        .json()
        .issues.map((i: { code: string }) => i.code)
        .sort(),
    ).toEqual(['otp', 'uuid']);

    const badCode = await call(app, {
      method: 'POST',
      url: '/api/jwt/switch-code/redeem',
      host: 'acme',
      payload: { code: 'short' },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().code).toBe('VALIDATION_FAILED');

    expect(await count()).toBe(before);
    const noCompany = await t.db.system((tx) => tx.select().from(memberships).where(eq(memberships.userId, ids.loner)));
    expect(noCompany).toEqual([]);
  });
});

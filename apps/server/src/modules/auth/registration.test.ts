import { TRIAL_DAYS } from '@wac/shared/constants';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, companies, otpCodes, users } from '../../db/schema/index';
import { call } from '../../test/harness';
import { otpOf } from '../../test/smtp';
import { t, app, smtp, freshIp, cookieOf, login, registration, useAuthWorld } from './auth.test-support';

useAuthWorld();

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

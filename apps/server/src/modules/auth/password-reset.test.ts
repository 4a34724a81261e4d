import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index';
import { call } from '../../test/harness';
import { otpOf } from '../../test/smtp';
import {
  PASSWORD,
  t,
  app,
  smtp,
  ids,
  freshIp,
  cookieOf,
  login,
  refresh,
  listen,
  useAuthWorld,
} from './auth.test-support';

useAuthWorld();

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

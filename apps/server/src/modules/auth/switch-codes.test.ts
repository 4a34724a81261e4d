import { SWITCH_CODE_TTL_SECONDS } from '@wac/shared/constants';
import { describe, expect, it } from 'vitest';
import { switchCodes } from '../../db/schema/index';
import { call } from '../../test/harness';
import { PASSWORD, t, app, ids, freshIp, cookieOf, login, useAuthWorld } from './auth.test-support';

useAuthWorld();

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
    const token = await signIn('alice@acme.test', PASSWORD, 'acme');
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
    const token = await signIn('alice@acme.test', PASSWORD, 'acme');
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

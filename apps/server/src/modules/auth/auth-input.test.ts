import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, otpCodes } from '../../db/schema/index';
import { call } from '../../test/harness';
import { t, app, ids, registration, useAuthWorld } from './auth.test-support';

useAuthWorld();

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

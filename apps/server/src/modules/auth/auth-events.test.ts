import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { call, tokenFor } from '../../test/harness';
import { LIMITS } from './rate-limit';
import { app, freshIp, ids, login, PASSWORD, t, useAuthWorld } from './auth.test-support';

useAuthWorld();

interface Entry {
  action: string;
  targetId: string | null;
  targetName: string | null;
  actor: { uuid: string } | null;
  after: unknown;
  ip: string | null;
}

async function acmeLog(query = ''): Promise<Entry[]> {
  const { token } = await tokenFor(app, ids.alice, ids.acme);
  const res = await call(app, {
    method: 'GET',
    url: `/api/audit-log?targetType=user&itemsPerPage=100${query}`,
    host: 'acme',
    token,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('sign-in events in the company audit log', () => {
  it('records a sign-in, a failed one and who tried, beside the admin writes', async () => {
    const ip = freshIp();
    expect((await login('bob@acme.test', PASSWORD, 'acme', ip)).statusCode).toBe(200);
    expect((await login('bob@acme.test', 'Wrong-Pass-1', 'acme', ip)).statusCode).toBe(401);
    // Someone who is not a member: their address, not their id.
    expect((await login('loner@acme.test', 'Wrong-Pass-1', 'acme', ip)).statusCode).toBe(401);
    expect((await login('nobody@acme.test', 'Wrong-Pass-1', 'acme', ip)).statusCode).toBe(401);

    const log = await acmeLog();
    const signIn = log.find((e) => e.action === 'auth.sign_in');
    expect(signIn).toMatchObject({ targetId: ids.bob, actor: { uuid: ids.bob }, ip });
    const failed = log.filter((e) => e.action === 'auth.sign_in_failed');
    expect(failed.map((e) => [e.targetId, e.after])).toEqual([
      [null, { email: 'nobody@acme.test' }],
      [null, { email: 'loner@acme.test' }],
      [ids.bob, null],
    ]);
    expect(failed.every((e) => e.actor === null)).toBe(true);
    // They belong to the company whose console they happened on, no other.
    const elsewhere = await t.db.system((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, ids.globex), like(auditLog.action, 'auth.%'))),
    );
    expect(elsewhere).toEqual([]);
  });

  it('records a lock-out once, however many attempts it refuses', async () => {
    for (let i = 0; i < LIMITS.loginAccount.max; i++) await login('bob@acme.test', 'Wrong-Pass-1', 'acme', freshIp());
    for (let i = 0; i < 3; i++)
      expect((await login('bob@acme.test', PASSWORD, 'acme', freshIp())).statusCode).toBe(429);
    const locked = await acmeLog('&action=auth.locked_out');
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ targetId: ids.bob });
  });

  it('records a session the user ended themselves', async () => {
    const first = (await login('bob@acme.test', PASSWORD, 'acme', freshIp())).json();
    const second = (await login('bob@acme.test', PASSWORD, 'acme', freshIp())).json();
    const firstSession = (await app.tokens.verify(first.accessToken)).sid;
    const res = await call(app, {
      method: 'DELETE',
      url: `/api/jwt/sessions/${firstSession}`,
      host: 'acme',
      token: second.accessToken,
    });
    expect(res.statusCode).toBe(200);
    const revoked = await acmeLog('&action=auth.session_revoke');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ targetId: ids.bob, actor: { uuid: ids.bob } });
  });
});

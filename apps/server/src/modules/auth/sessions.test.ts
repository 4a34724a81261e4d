import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index';
import { call } from '../../test/harness';
import { createCtx } from '../../lib/context';
import { purgeExpired, revokeAllSessions } from './sessions.service';
import { PASSWORD, t, app, ids, cookieOf, login, refresh, listen, useAuthWorld } from './auth.test-support';

useAuthWorld();

describe('own sessions', () => {
  it('lists only the caller’s live sessions, marks the current one, and revokes one', async () => {
    const a = (await login('bob@acme.test', PASSWORD, 'acme')).json().accessToken;
    const b = (await login('bob@acme.test', PASSWORD, null)).json().accessToken;
    const other = (await app.tokens.verify((await login('alice@acme.test', PASSWORD)).json().accessToken)).sid;
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
      token: (await login('alice@acme.test', PASSWORD, null)).json().accessToken,
    });
    expect(aliceSession.statusCode).toBe(200);
  });

  it('revokeAllSessions ends every session of a user for other modules', async () => {
    const res = await login('bob@acme.test', PASSWORD, 'acme');
    const revoked = await revokeAllSessions(createCtx(app), { userId: ids.bob, reason: 'admin_revoke' });
    expect(revoked.length).toBeGreaterThanOrEqual(1);
    expect((await refresh(cookieOf(res)!.value)).json().code).toBe('REFRESH_INVALID');
  });
});

describe('housekeeping', () => {
  it('purges long-expired sessions and codes, and keeps live ones', async () => {
    const live = await login('bob@acme.test');
    const liveSid = (await app.tokens.verify(live.json().accessToken)).sid;
    const old = await login('alice@acme.test', PASSWORD);
    const oldSid = (await app.tokens.verify(old.json().accessToken)).sid;
    await t.db.system((tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 8 * 86_400_000) })
        .where(eq(sessions.id, oldSid)),
    );
    await purgeExpired(createCtx(app));
    const left = await t.db.system((tx) => tx.select({ id: sessions.id }).from(sessions));
    expect(left.map((s) => s.id)).toContain(liveSid);
    expect(left.map((s) => s.id)).not.toContain(oldSid);
    expect((await refresh(cookieOf(live)!.value)).statusCode).toBe(200);
  });
});

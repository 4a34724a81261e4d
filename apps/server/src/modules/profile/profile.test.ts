import { type RealtimeMessage, userChannel } from '@wac/shared/realtime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { multipart } from '../../test/multipart';

let t: TestContext;
let ids: Record<string, string>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const u = await createUser(tx, { email: 'me@acme.test', firstName: 'Me', lastName: 'Self' });
    const admin = await createUser(tx, { email: 'boss@acme.test' });
    await addMembership(tx, acme.id, u.id);
    await addMembership(tx, acme.id, admin.id, { roles: ['admin'] });
    return { acme: acme.id, u: u.id, admin: admin.id };
  });
  token = (await tokenFor(t.app, ids.u!, ids.acme!)).token;
});
afterAll(() => t.close());

const req = (
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  headers?: Record<string, string>,
) => call(t.app, { method, url, host: 'acme', token, payload, headers });

describe('profile', () => {
  it('reads and edits my own profile with a version; my other tabs are told', async () => {
    const me = (await req('GET', '/api/profile')).json();
    expect(me).toMatchObject({ uuid: ids.u, email: 'me@acme.test', firstName: 'Me' });
    const seen: RealtimeMessage[] = [];
    const off = t.app.bus.subscribe(userChannel(ids.u!), (m) => seen.push(m));
    const res = await req('PATCH', '/api/profile', {
      version: me.version,
      firstName: 'Maya',
      phone: '+49 30 1234567',
      language: 'de',
    });
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Maya',
      phone: '+49 30 1234567',
      language: 'de',
      version: me.version + 1,
    });
    expect(seen).toEqual([{ type: 'user_profile_updated' }]);
    // The admin's listing shows the new name (the membership copy follows).
    const boss = (await tokenFor(t.app, ids.admin!, ids.acme!)).token;
    const list = await call(t.app, { method: 'GET', url: '/api/members?search=maya', host: 'acme', token: boss });
    expect(list.json().data[0].uuid).toBe(ids.u);
  });

  it('refuses a stale version, bad phone, unknown language, other fields', async () => {
    const me = (await req('GET', '/api/profile')).json();
    expect((await req('PATCH', '/api/profile', { version: me.version - 1, firstName: 'X' })).json().code).toBe(
      'VERSION_CONFLICT',
    );
    expect((await req('PATCH', '/api/profile', { version: me.version, phone: 'call me' })).statusCode).toBe(400);
    expect((await req('PATCH', '/api/profile', { version: me.version, language: 'xx' })).statusCode).toBe(400);
    expect((await req('PATCH', '/api/profile', { version: me.version, email: 'new@x.io' })).statusCode).toBe(400);
    expect((await req('PATCH', '/api/profile', { version: me.version, roles: ['super_admin'] })).statusCode).toBe(400);
    expect((await req('GET', '/api/profile')).json()).toEqual(me);
  });

  it('uploads an avatar (re-encoded WebP), replaces and removes it', async () => {
    const webp = await sharp({ create: { width: 600, height: 300, channels: 4, background: '#ff000080' } })
      .webp()
      .toBuffer();
    const { payload, headers } = multipart(webp, { filename: 'me.webp', contentType: 'image/webp' });
    const res = await req('POST', '/api/profile/avatar', undefined, headers);
    expect(res.statusCode).toBe(400);
    const ok = await call(t.app, { method: 'POST', url: '/api/profile/avatar', host: 'acme', token, payload, headers });
    expect(ok.statusCode).toBe(200);
    const file = await call(t.app, { method: 'GET', url: ok.json().avatar });
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(256);
    const fake = multipart(Buffer.from('GIF89a fake'), { filename: 'x.gif' });
    const bad = await call(t.app, { method: 'POST', url: '/api/profile/avatar', host: 'acme', token, ...fake });
    expect(bad.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    const removed = await req('DELETE', '/api/profile/avatar');
    expect(removed.json().avatar).toBeNull();
    expect((await call(t.app, { method: 'GET', url: ok.json().avatar })).statusCode).toBe(404);
  });

  it('signed-out callers get 401', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/profile', host: 'acme' })).statusCode).toBe(401);
  });
});

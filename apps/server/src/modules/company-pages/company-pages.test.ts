import { userChannel } from '@wac/shared/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { createCtx, forCompany } from '../../lib/context';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import * as service from './company-pages.service';

let t: TestContext;
let ids: { acme: string; globex: string; a: string; m: string; g: string; bob: string };
let admin: string;
let member: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const a = await createUser(tx, { email: 'admin@acme.test' });
    const m = await createUser(tx, { email: 'member@acme.test' });
    const bob = await createUser(tx, { email: 'bob@acme.test', firstName: 'Bob', lastName: 'Builder' });
    const g = await createUser(tx, { email: 'admin@globex.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, m.id);
    await addMembership(tx, acme.id, bob.id);
    await addMembership(tx, globex.id, g.id, { roles: ['admin'] });
    return { acme: acme.id, globex: globex.id, a: a.id, m: m.id, g: g.id, bob: bob.id };
  });
  ids = made;
  admin = (await tokenFor(t.app, made.a, made.acme)).token;
  member = (await tokenFor(t.app, made.m, made.acme)).token;
  otherAdmin = (await tokenFor(t.app, made.g, made.globex)).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const req = (method: Method, url: string, payload?: object, token = admin, host: string | null = 'acme', lang = 'en') =>
  call(t.app, { method, url, host, token, payload, headers: { 'accept-language': lang } });
const visitor = (method: Method, url: string, payload?: object, ip = '203.0.113.1', lang = 'en') =>
  call(t.app, { method, url, host: null, payload, remoteAddress: ip, headers: { 'accept-language': lang } });

/** What acme holds, read the way a job would: a context built without a request. */
const acmeRows = async () =>
  (
    await service.list(forCompany(createCtx(t.app), ids.acme), {
      page: 1,
      itemsPerPage: 100,
      sort: 'title',
      order: 'asc',
    })
  ).data;

describe('company-pages', () => {
  it('creates, reads, lists, edits and deletes (company admin), with ordered dashboard users', async () => {
    const created = await req('POST', '/api/company-pages', {
      title: 'First',
      description: 'One',
      slug: 'first',
      dashboardUsers: [{ uuid: ids.bob, emailEnabled: false }, { uuid: ids.m }],
    });
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ title: 'First', description: 'One', slug: 'first', published: false, version: 1 });
    expect(row.dashboardUsers).toMatchObject([
      { uuid: ids.bob, firstName: 'Bob', emailEnabled: false, schedulingEnabled: true, videoCallEnabled: true },
      { uuid: ids.m, emailEnabled: true },
    ]);

    expect((await req('GET', `/api/company-pages/${row.uuid}`)).json()).toEqual(row);
    const list = (await req('GET', '/api/company-pages?search=firs')).json();
    expect(list).toMatchObject({ page: 1, itemsPerPage: 10, totalItems: 1, data: [{ uuid: row.uuid }] });

    const edited = await req('PATCH', `/api/company-pages/${row.uuid}`, {
      version: 1,
      title: 'Renamed',
      published: true,
      dashboardUsers: [{ uuid: ids.m }, { uuid: ids.bob }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Renamed', description: 'One', published: true, version: 2 });
    expect(edited.json().dashboardUsers.map((u: { uuid: string }) => u.uuid)).toEqual([ids.m, ids.bob]);

    const removed = await req('DELETE', `/api/company-pages/${row.uuid}?version=2`);
    expect(removed.statusCode).toBe(204);
    expect((await req('GET', `/api/company-pages/${row.uuid}`)).statusCode).toBe(404);
  });

  it('answers bad input, a slug clash, a foreign person and markup with a translated error, changing nothing', async () => {
    await req('POST', '/api/company-pages', { title: 'Taken', slug: 'taken' });
    const before = await acmeRows();
    const en = await req('POST', '/api/company-pages', { title: '', slug: 'x' });
    const de = await req('POST', '/api/company-pages', { title: '', slug: 'x' }, admin, 'acme', 'de');
    expect([en.statusCode, de.statusCode]).toEqual([400, 400]);
    expect(de.json().message).not.toBe(en.json().message);
    expect((await req('POST', '/api/company-pages', { title: 'x', slug: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await req('POST', '/api/company-pages', { title: 'x', slug: 'Bad Slug!' })).statusCode).toBe(400);
    const markup = await req('POST', '/api/company-pages', { title: '<script>alert(1)</script>', slug: 'xss' });
    expect(markup.statusCode).toBe(400);
    expect(markup.json().issues[0].code).toBe('markup');

    const clashEn = await req('POST', '/api/company-pages', { title: 'Again', slug: 'taken' });
    const clashAr = await req('POST', '/api/company-pages', { title: 'Again', slug: 'TAKEN' }, admin, 'acme', 'ar');
    expect([clashEn.statusCode, clashAr.statusCode]).toEqual([409, 409]);
    expect(clashEn.json().code).toBe('PAGE_SLUG_TAKEN');
    expect(clashAr.json().message).not.toBe(clashEn.json().message);

    const foreign = await req('POST', '/api/company-pages', {
      title: 'F',
      slug: 'f',
      dashboardUsers: [{ uuid: ids.g }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('PAGE_USER_NOT_MEMBER');
    const twice = await req('POST', '/api/company-pages', {
      title: 'T',
      slug: 't',
      dashboardUsers: [{ uuid: ids.m }, { uuid: ids.m }],
    });
    expect(twice.statusCode).toBe(400);

    const row = (await req('POST', '/api/company-pages', { title: 'Versioned', slug: 'versioned' })).json();
    const stale = await req('PATCH', `/api/company-pages/${row.uuid}`, { version: 7, title: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await acmeRows()).map((r) => r.title)).toEqual([...before.map((r) => r.title), 'Versioned'].sort());
  });

  it('refuses members every read and write of the admin area, and nothing changes', async () => {
    const row = (await req('POST', '/api/company-pages', { title: 'Admins only', slug: 'admins-only' })).json();
    const before = await acmeRows();
    const calls = [
      await req('GET', '/api/company-pages', undefined, member),
      await req('GET', `/api/company-pages/${row.uuid}`, undefined, member),
      await req('POST', '/api/company-pages', { title: 'Nope', slug: 'nope' }, member),
      await req('PATCH', `/api/company-pages/${row.uuid}`, { version: 1, title: 'Nope' }, member),
      await req('DELETE', `/api/company-pages/${row.uuid}`, undefined, member),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(await acmeRows()).toEqual(before);
  });

  it("shows another company nothing of this one's", async () => {
    const row = (await req('POST', '/api/company-pages', { title: 'Acme only', slug: 'acme-only' })).json();
    const before = await acmeRows();
    const list = await req('GET', '/api/company-pages', undefined, otherAdmin, 'globex');
    expect(list.json()).toMatchObject({ totalItems: 0, data: [] });
    const url = `/api/company-pages/${row.uuid}`;
    expect((await req('GET', url, undefined, otherAdmin, 'globex')).statusCode).toBe(404);
    expect((await req('PATCH', url, { version: 1, title: 'Taken' }, otherAdmin, 'globex')).statusCode).toBe(404);
    expect((await req('DELETE', url, undefined, otherAdmin, 'globex')).statusCode).toBe(404);
    expect((await req('GET', url, undefined, otherAdmin, 'acme')).statusCode).toBe(401);
    expect(await acmeRows()).toEqual(before);
  });

  it('serves a job or the seed through the same service, audited, without a request', async () => {
    const ctx = forCompany(createCtx(t.app), ids.acme);
    const made = await service.create(ctx, { title: 'From a job', slug: 'from-a-job' });
    expect(await service.get(ctx, made.uuid)).toEqual(made);
    const globex = forCompany(createCtx(t.app), ids.globex);
    await expect(service.get(globex, made.uuid)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const audit = await t.db.system((tx) =>
      tx.execute(`SELECT action FROM audit_log WHERE target_id = '${made.uuid}'` as never),
    );
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      'companyPage.create',
    ]);
  });
});

describe('the public page', () => {
  let page: { uuid: string };
  beforeAll(async () => {
    const ctx = forCompany(createCtx(t.app), ids.acme);
    page = await service.create(ctx, {
      title: 'Sales',
      description: 'Talk to us',
      slug: 'sales',
      published: true,
      dashboardUsers: [
        { uuid: ids.bob, videoCallEnabled: false },
        { uuid: ids.m, emailEnabled: false },
      ],
    });
    await service.create(ctx, {
      title: 'Support',
      slug: 'support',
      published: false,
      dashboardUsers: [{ uuid: ids.bob }],
    });
  });

  it('answers anyone on the base domain with the people and exactly the buttons their toggles allow', async () => {
    const res = await visitor('GET', '/api/public/pages/acme/sales');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Sales',
      description: 'Talk to us',
      company: { name: 'Acme', subDomain: 'acme' },
    });
    expect(JSON.stringify(body)).not.toContain('@acme.test');
    const [bob, m] = body.people;
    expect(bob).toMatchObject({ name: 'Bob Builder', presence: 'offline', callUrl: null, canEmail: true });
    expect(bob.scheduleUrl).toBe(`https://scheduling.example.com/scheduling/schedule/${ids.bob}?_company=acme`);
    expect(m).toMatchObject({ canEmail: false, callUrl: `https://video.example.com/video-room/dashboard/${ids.m}` });
    // A signed-in visitor from another company, on its own host, sees the same page.
    const signedIn = await req('GET', '/api/public/pages/acme/sales', undefined, otherAdmin, 'globex');
    expect(signedIn.statusCode).toBe(200);
  });

  it('leaves out a person whose employment has ended, and takes no message for them', async () => {
    const setEnd = async (endDate: string | null) => {
      const { version } = (await req('GET', `/api/employees/${ids.m}`)).json();
      return req('PATCH', `/api/employees/${ids.m}`, { version, startDate: '2020-01-01', endDate });
    };
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await setEnd(yesterday)).statusCode).toBe(200);
    const body = (await visitor('GET', '/api/public/pages/acme/sales', undefined, '203.0.113.2')).json();
    expect(body.people.map((p: { uuid: string }) => p.uuid)).toEqual([ids.bob]);
    const html = await visitor('GET', '/admin/public/acme/sales', undefined, '203.0.113.2');
    expect(html.body).toContain('Bob Builder');
    expect(html.body).not.toContain(ids.m);
    const message = await visitor(
      'POST',
      `/api/public/pages/acme/sales/people/${ids.m}/message`,
      { name: 'Vera Visitor', email: 'vera@example.org', message: 'Are you still there?' },
      '203.0.113.2',
    );
    expect(message.statusCode).toBe(404);
    // Back at work: on the page again.
    expect((await setEnd(null)).statusCode).toBe(200);
    const again = (await visitor('GET', '/api/public/pages/acme/sales', undefined, '203.0.113.2')).json();
    expect(again.people.map((p: { uuid: string }) => p.uuid)).toEqual([ids.bob, ids.m]);
  });

  it('renders the page as HTML that reads without script, and escapes what it shows', async () => {
    const res = await visitor('GET', '/admin/public/acme/sales', undefined, '203.0.113.9', 'ar');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('dir="rtl"');
    expect(res.body).toContain('Bob Builder');
    expect(res.body).toContain('حجز موعد');
    // The company's words in their own direction, the page's in the reader's.
    expect(res.body).toContain('<p class="description" dir="auto">Talk to us</p>');
    expect(res.body).not.toContain('@acme.test');
  });

  it('answers an unknown company, an unknown or unpublished page the same 404', async () => {
    const urls = ['/api/public/pages/nope/sales', '/api/public/pages/acme/nope', '/api/public/pages/acme/support'];
    const answers = await Promise.all(urls.map((u) => visitor('GET', u)));
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect((await visitor('GET', '/admin/public/acme/support')).statusCode).toBe(404);
  });

  it('tells a visitor of an unknown or unpublished page so in their language, not a bare 404', async () => {
    const unknown = await visitor('GET', '/admin/public/acme/nope', undefined, '203.0.113.9', 'de');
    const unpublished = await visitor('GET', '/admin/public/acme/support', undefined, '203.0.113.9', 'de');
    expect([unknown.statusCode, unpublished.statusCode]).toEqual([404, 404]);
    expect(unknown.body).toBe(unpublished.body);
    expect(unknown.body).toContain('<html lang="de" dir="ltr">');
    expect(unknown.body).toContain('<h1>Seite nicht gefunden</h1>');
    const arabic = await visitor('GET', '/admin/public/nope/sales', undefined, '203.0.113.9', 'ar');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('الصفحة غير موجودة');
  });

  it('delivers "Send message" to the person live and lists it in their console', async () => {
    const got: unknown[] = [];
    const unsubscribe = t.app.bus.subscribe(userChannel(ids.bob), (m) => got.push(m));
    const res = await visitor('POST', `/api/public/pages/acme/sales/people/${ids.bob}/message`, {
      name: 'Vera Visitor',
      email: 'vera@example.org',
      message: 'Please call me back',
    });
    unsubscribe();
    expect(res.statusCode).toBe(201);
    expect(got).toMatchObject([
      { type: 'page_message', message: { senderName: 'Vera Visitor', body: 'Please call me back' } },
    ]);
    const bobToken = (await tokenFor(t.app, ids.bob, ids.acme)).token;
    const inbox = (await req('GET', '/api/page-messages', undefined, bobToken)).json();
    expect(inbox).toMatchObject({ totalItems: 1, data: [{ senderEmail: 'vera@example.org', pageTitle: 'Sales' }] });
    // Another member's inbox holds nothing of Bob's.
    expect((await req('GET', '/api/page-messages', undefined, member)).json().totalItems).toBe(0);
  });

  it('mails "Send email" through the job runner and refuses a person whose email is off', async () => {
    t.app.mailer.outbox.length = 0;
    const ok = await visitor(
      'POST',
      `/api/public/pages/acme/sales/people/${ids.bob}/email`,
      {
        name: 'Vera',
        email: 'vera@example.org',
        message: 'Hello by mail',
      },
      '203.0.113.2',
    );
    expect(ok.statusCode).toBe(202);
    // The test app runs the job runner (polling every 50 ms): the mail goes out through it, once.
    const state = async () =>
      (
        await t.db.system((tx) =>
          rows<{ state: string }>(tx, sql`SELECT state FROM jobs WHERE type = 'company_page.mail'`),
        )
      )[0]?.state;
    await vi.waitFor(async () => expect(await state()).toBe('done'), { timeout: 15_000, interval: 50 });
    expect(t.app.mailer.outbox).toMatchObject([
      { to: 'bob@acme.test', text: expect.stringContaining('Hello by mail') },
    ]);

    const off = await visitor(
      'POST',
      `/api/public/pages/acme/sales/people/${ids.m}/email`,
      {
        name: 'Vera',
        email: 'vera@example.org',
        message: 'Hello',
      },
      '203.0.113.2',
    );
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('PAGE_ACTION_DISABLED');
  });

  it('refuses a bad email, an empty or 20,000-character message and markup; stores nothing', async () => {
    const url = `/api/public/pages/acme/sales/people/${ids.m}/message`;
    const bad = [
      { name: 'V', email: 'not-an-email', message: 'x' },
      { name: 'V', email: 'v@example.org', message: '' },
      { name: 'V', email: 'v@example.org', message: 'x'.repeat(20_000) },
      { name: '<b>V</b>', email: 'v@example.org', message: 'x' },
      { name: 'V', email: 'v@example.org', message: '<script>alert(1)</script>' },
    ];
    for (const payload of bad) {
      const res = await visitor('POST', url, payload, '203.0.113.3', 'fr');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const mToken = (await tokenFor(t.app, ids.m, ids.acme)).token;
    expect((await req('GET', '/api/page-messages', undefined, mToken)).json().totalItems).toBe(0);
    // A person not on the page, or a page that is not published: 404.
    const good = { name: 'V', email: 'v@example.org', message: 'x' };
    expect((await visitor('POST', `/api/public/pages/acme/sales/people/${ids.a}/message`, good)).statusCode).toBe(404);
    expect((await visitor('POST', `/api/public/pages/acme/support/people/${ids.bob}/message`, good)).statusCode).toBe(
      404,
    );
  });

  it('limits a burst of 100 messages from one IP, and the page stays up', async () => {
    const url = `/api/public/pages/acme/sales/people/${ids.m}/message`;
    const payload = { name: 'Burst', email: 'b@example.org', message: 'again' };
    const codes: number[] = [];
    for (let i = 0; i < 100; i++) codes.push((await visitor('POST', url, payload, '198.51.100.7')).statusCode);
    expect(codes.filter((c) => c === 201).length).toBeLessThanOrEqual(20);
    expect(codes.at(-1)).toBe(429);
    expect((await visitor('GET', '/api/public/pages/acme/sales', undefined, '198.51.100.8')).statusCode).toBe(200);
    expect(page.uuid).toBeTruthy();
  });
});

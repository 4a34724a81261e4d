import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificationType } from '../../db/seed/certification-factories';
import { createPolicy } from '../../db/seed/compliance-factories';
import { sql } from 'drizzle-orm';
import {
  addMembership,
  createCompany,
  createDepartment,
  createTeam,
  createUser,
  setEmployee,
} from '../../db/seed/factories';
import { createCompanyPage } from '../../db/seed/company-pages-demo';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';

let t: TestContext;
let ids: Record<
  'acme' | 'globex' | 'alice' | 'bob' | 'carol' | 'gbob' | 'team' | 'gteam' | 'dept' | 'page' | 'policy' | 'cert',
  string
>;
let alice: string;
let carol: string;
let gadmin: string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const a = await createUser(tx, { email: 'alice@acme.test', firstName: 'Alice', lastName: 'Anders' });
    const b = await createUser(tx, { email: 'bob@acme.test', firstName: 'Bob', lastName: 'Brown' });
    const c = await createUser(tx, { email: 'carol@acme.test', firstName: 'Carol', lastName: 'Clark' });
    const gb = await createUser(tx, { email: 'bob@globex.test', firstName: 'Bobby', lastName: 'Globex' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, b.id);
    await addMembership(tx, acme.id, c.id);
    await addMembership(tx, globex.id, gb.id, { roles: ['admin'] });
    const team = await createTeam(tx, acme.id, { name: 'Bobsleigh team' });
    const gteam = await createTeam(tx, globex.id, { name: 'Bobsleigh Globex' });
    const dept = await createDepartment(tx, acme.id, { name: 'Bob works' });
    const page = await createCompanyPage(tx, acme.id, { title: 'Bob page', slug: 'bob' });
    const policy = await createPolicy(tx, acme.id, {
      title: 'Bobbing safety',
      category: 'Safety',
      versions: [{ body: { html: '<p>Hold on.</p>' }, publishedDaysAgo: 1 }],
    });
    const cert = await createCertificationType(tx, acme.id, { name: 'Bob lift licence', description: 'Forklifts' });
    await createPolicy(tx, globex.id, {
      title: 'Bobbing Globex',
      versions: [{ body: { html: '<p>x</p>' }, publishedDaysAgo: 1 }],
    });
    await createCertificationType(tx, globex.id, { name: 'Bob Globex licence' });
    return {
      policy: policy.id,
      cert: cert.id,
      acme: acme.id,
      globex: globex.id,
      alice: a.id,
      bob: b.id,
      carol: c.id,
      gbob: gb.id,
      team: team.id,
      gteam: gteam.id,
      dept: dept.id,
      page: page.id,
    };
  });
  alice = (await tokenFor(t.app, ids.alice, ids.acme)).token;
  carol = (await tokenFor(t.app, ids.carol, ids.acme)).token;
  gadmin = (await tokenFor(t.app, ids.gbob, ids.globex)).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, token: string, payload?: object, host = 'acme', lang = 'en') =>
  call(t.app, { method, url, host, token, payload, headers: { 'accept-language': lang } });
const groups = (body: { groups: { kind: string; items: { target: string }[] }[] }) =>
  Object.fromEntries(body.groups.map((g) => [g.kind, g.items.map((i) => i.target)]));

describe('navbar search', () => {
  it('finds what an admin may see in the own company only, grouped', async () => {
    const res = await req('GET', '/api/search?q=bob', alice);
    expect(res.statusCode).toBe(200);
    expect(groups(res.json())).toEqual({
      member: [ids.bob],
      team: [ids.team],
      department: [ids.dept],
      companyPage: [ids.page],
      policy: [ids.policy],
      certification: [ids.cert],
    });
    const found = res.json().groups.flatMap((g: { items: object[] }) => g.items);
    expect(found).toContainEqual(expect.objectContaining({ title: 'Bobbing safety', path: `/policies/${ids.policy}` }));
    expect(found).toContainEqual(
      expect.objectContaining({ title: 'Bob lift licence', path: `/certifications/${ids.cert}` }),
    );
    const bob = res.json().groups[0].items[0];
    expect(bob).toMatchObject({ title: 'Bob Brown', path: `/users/${ids.bob}`, isBookmarked: false });
    expect(JSON.stringify(res.json())).not.toContain('Globex');
  });

  it('shows a member only what members see: colleagues (directory), departments, her own policies and certifications; no teams, no pages', async () => {
    const res = await req('GET', '/api/search?q=bob', carol);
    expect(groups(res.json())).toEqual({
      member: [ids.bob],
      department: [ids.dept],
      policy: [ids.policy],
      certification: [ids.cert],
    });
    expect(res.json().groups[0].items[0].path).toBe(`/people/${ids.bob}`);
    // Her policy and certification open where she reads and holds them, not on the admins' screens.
    const first = (kind: string) => res.json().groups.find((g: { kind: string }) => g.kind === kind).items[0];
    expect(first('policy')).toMatchObject({ title: 'Bobbing safety', path: `/my-policies/${ids.policy}` });
    expect(first('certification')).toMatchObject({ title: 'Bob lift licence', path: '/my-certifications' });
  });

  it('finds a member only the policies she must read: not one for a team she is not in, not another company’s', async () => {
    const [teamOnly] = await t.db.system(async (tx) => {
      const crew = await createTeam(tx, ids.acme, { name: 'Night crew' });
      const p = await createPolicy(tx, ids.acme, {
        title: 'Night shift security',
        audienceTeamIds: [crew.id],
        versions: [{ body: { html: '<p>Lock up.</p>' }, publishedDaysAgo: 1 }],
      });
      const everyone = await createPolicy(tx, ids.acme, {
        title: 'Information security',
        versions: [{ body: { html: '<p>Be careful.</p>' }, publishedDaysAgo: 1 }],
      });
      return [p.id, everyone.id] as const;
    });
    const member = (await req('GET', '/api/search?q=SECURITY', carol)).json();
    expect(
      member.groups.map((g: { kind: string; items: { title: string }[] }) => [g.kind, g.items.map((i) => i.title)]),
    ).toEqual([['policy', ['Information security']]]);
    // The admin finds both, on the policy screen.
    expect(groups((await req('GET', '/api/search?q=security', alice)).json()).policy).toContain(teamOnly);
    expect(
      (await req('GET', '/api/search?q=bobbing', carol)).json().groups[0].items.map((i: { title: string }) => i.title),
    ).toEqual(['Bobbing safety']);
  });

  it('finds the super admin any company by its name or sub-domain; nobody else', async () => {
    const root = await t.db.system((tx) =>
      createUser(tx, { email: 'root@platform.test', roles: ['super_admin', 'super_admin_write'] }),
    );
    const token = (await tokenFor(t.app, root.id, ids.acme)).token;
    const found = (await req('GET', '/api/search?q=glob', token)).json();
    expect(groups(found).company).toEqual([ids.globex]);
    expect(found.groups.find((g: { kind: string }) => g.kind === 'company').items[0]).toMatchObject({
      title: 'Globex',
      subtitle: 'globex',
      path: `/companies/${ids.globex}`,
    });
    expect(groups((await req('GET', '/api/search?q=acm', token)).json()).company).toEqual([ids.acme]);
    // A company admin may not keep one either (a kind she cannot see).
    const theirs = await req('POST', '/api/bookmarks', alice, { kind: 'company', target: ids.globex });
    expect(theirs.statusCode).toBe(404);
    // A company admin does not find other companies.
    expect(groups((await req('GET', '/api/search?q=glob', alice)).json()).company).toBeUndefined();
  });

  it('answers an empty query with no groups, and refuses a query that is too long', async () => {
    expect((await req('GET', '/api/search?q=', alice)).json()).toEqual({ query: '', groups: [] });
    const long = await req('GET', `/api/search?q=${'x'.repeat(101)}`, alice, undefined, 'acme', 'de');
    expect(long.statusCode).toBe(400);
  });
});

describe('bookmarks', () => {
  it('bookmarks a result once, marks it in results, lists it with its title, and removes it', async () => {
    const first = await req('POST', '/api/bookmarks', alice, { kind: 'member', target: ids.bob });
    const again = await req('POST', '/api/bookmarks', alice, { kind: 'member', target: ids.bob });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().uuid).toBe(first.json().uuid);
    await req('POST', '/api/bookmarks', alice, { kind: 'screen', target: '/teams' });

    const found = (await req('GET', '/api/search?q=bob', alice)).json();
    expect(found.groups[0].items[0].isBookmarked).toBe(true);
    const list = (await req('GET', '/api/bookmarks', alice)).json();
    expect(list.data).toMatchObject([
      { kind: 'member', target: ids.bob, title: 'Bob Brown', isBookmarked: true },
      { kind: 'screen', target: '/teams' },
    ]);
    // Another user of the company has none of them, and cannot remove them.
    expect((await req('GET', '/api/bookmarks', carol)).json().data).toEqual([]);
    expect((await req('DELETE', `/api/bookmarks/${first.json().uuid}`, carol)).statusCode).toBe(404);

    expect((await req('DELETE', `/api/bookmarks/${first.json().uuid}`, alice)).statusCode).toBe(204);
    expect((await req('GET', '/api/bookmarks', alice)).json().data).toHaveLength(1);
  });

  it('leaves out, for colleagues, a member who left the directory (disabled or ended); admins still see them', async () => {
    const [dora, erin] = await t.db.system(async (tx) => {
      const d = await createUser(tx, { email: 'dora@acme.test', firstName: 'Dora', lastName: 'Dunn' });
      const e = await createUser(tx, { email: 'erin@acme.test', firstName: 'Erin', lastName: 'Earl' });
      await addMembership(tx, ids.acme, d.id);
      await addMembership(tx, ids.acme, e.id);
      return [d.id, e.id];
    });
    const targets = async (token: string) =>
      (await req('GET', '/api/bookmarks', token)).json().data.map((b: { target: string }) => b.target);
    for (const target of [dora, erin]) {
      expect((await req('POST', '/api/bookmarks', carol, { kind: 'member', target })).statusCode).toBe(201);
      expect((await req('POST', '/api/bookmarks', alice, { kind: 'member', target })).statusCode).toBe(201);
      expect((await req('GET', `/api/product-links/${target}`, carol)).statusCode).toBe(200);
    }
    expect(await targets(carol)).toEqual(expect.arrayContaining([dora, erin]));

    await t.db.system(async (tx) => {
      await tx.execute(
        sql`UPDATE memberships SET enabled = false WHERE company_id = ${ids.acme} AND user_id = ${dora}`,
      );
      await setEmployee(tx, ids.acme, erin, { startDate: '2019-01-01', endDate: '2020-01-01' });
    });
    // A colleague: no name through a bookmark, no links, no new bookmark, no search hit.
    expect(await targets(carol)).toEqual([]);
    for (const target of [dora, erin]) {
      expect((await req('GET', `/api/product-links/${target}`, carol)).statusCode).toBe(404);
      expect((await req('POST', '/api/bookmarks', carol, { kind: 'member', target })).statusCode).toBe(404);
    }
    expect(groups((await req('GET', '/api/search?q=dora', carol)).json()).member).toBeUndefined();
    expect(groups((await req('GET', '/api/search?q=erin', carol)).json()).member).toBeUndefined();
    // The person whose employment ended (still a member) still reads their own links.
    const erinToken = (await tokenFor(t.app, erin, ids.acme)).token;
    expect((await req('GET', `/api/product-links/${erin}`, erinToken)).statusCode).toBe(200);
    // An admin still sees everyone: bookmarks with their names, links, search.
    const marks = (await req('GET', '/api/bookmarks', alice)).json().data;
    expect(marks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: dora, title: 'Dora Dunn', path: `/users/${dora}` }),
        expect.objectContaining({ target: erin, title: 'Erin Earl', path: `/users/${erin}` }),
      ]),
    );
    expect((await req('GET', `/api/product-links/${dora}`, alice)).statusCode).toBe(200);
    expect(groups((await req('GET', '/api/search?q=dora', alice)).json()).member).toEqual([dora]);

    // Back in the directory, the colleague's bookmarks show them again.
    await t.db.system(async (tx) => {
      await tx.execute(sql`UPDATE memberships SET enabled = true WHERE company_id = ${ids.acme} AND user_id = ${dora}`);
      await setEmployee(tx, ids.acme, erin, { endDate: null });
    });
    expect(await targets(carol)).toEqual(expect.arrayContaining([dora, erin]));
  });

  it("refuses another company's entity, a hidden kind and a bad target, storing nothing", async () => {
    const before = (await req('GET', '/api/bookmarks', carol)).json().data;
    const foreign = await req('POST', '/api/bookmarks', alice, { kind: 'team', target: ids.gteam });
    expect(foreign.statusCode).toBe(404);
    // A member may not see teams, so may not bookmark one.
    expect((await req('POST', '/api/bookmarks', carol, { kind: 'team', target: ids.team })).statusCode).toBe(404);
    const bad = await req('POST', '/api/bookmarks', carol, { kind: 'screen', target: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect((await req('POST', '/api/bookmarks', carol, { kind: 'nope', target: ids.team })).statusCode).toBe(400);
    expect((await req('GET', '/api/bookmarks', carol)).json().data).toEqual(before);
    // The foreign admin sees nothing of acme's bookmarks on his own host.
    expect((await req('GET', '/api/bookmarks', gadmin, undefined, 'globex')).json().data).toEqual([]);
  });
});

describe('presence', () => {
  it('is offline without a tab, online with one, busy when set, away when every tab is idle', async () => {
    const url = `/api/presence?uuids=${ids.bob},${ids.carol}`;
    expect((await req('GET', url, alice)).json().data).toEqual({ [ids.bob]: 'offline', [ids.carol]: 'offline' });
    await t.app.presence.connected(ids.acme, ids.bob, 'tab-1');
    expect((await req('GET', url, alice)).json().data[ids.bob]).toBe('online');
    await t.app.presence.activity(ids.acme, ids.bob, 'tab-1', false);
    expect((await req('GET', url, alice)).json().data[ids.bob]).toBe('away');

    const bob = (await tokenFor(t.app, ids.bob, ids.acme)).token;
    const published: unknown[] = [];
    const off = t.app.bus.subscribe(`/company/${ids.acme}/events`, (m) => published.push(m));
    expect((await req('PUT', '/api/presence', bob, { status: 'busy' })).json()).toEqual({ status: 'busy' });
    off();
    expect(published).toEqual([{ type: 'presence_changed', userUuid: ids.bob, status: 'busy' }]);
    await req('PUT', '/api/presence', bob, { status: 'auto' });
    await t.app.presence.disconnected(ids.acme, ids.bob, 'tab-1');
    expect((await req('GET', url, alice)).json().data[ids.bob]).toBe('offline');
    // Another company's host knows nothing of acme's people.
    const foreign = await req('GET', `/api/presence?uuids=${ids.bob}`, gadmin, undefined, 'globex');
    expect(foreign.json().data[ids.bob]).toBe('offline');
  });

  it("gives a member's scheduling and video links as their toggles allow, in the own company only", async () => {
    const links = (await req('GET', `/api/product-links/${ids.bob}`, carol)).json();
    expect(links).toEqual({
      scheduleUrl: `https://scheduling.example.com/scheduling/schedule/${ids.bob}?_company=acme`,
      callUrl: `https://video.example.com/video-room/dashboard/${ids.bob}`,
    });
    await t.db.system((tx) =>
      tx.execute(`UPDATE memberships SET video_call_enabled = false WHERE user_id = '${ids.bob}'` as never),
    );
    expect((await req('GET', `/api/product-links/${ids.bob}`, carol)).json().callUrl).toBeNull();
    expect((await req('GET', `/api/product-links/${ids.bob}`, gadmin, undefined, 'globex')).statusCode).toBe(404);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { rows } from '../../lib/sql';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import { ANCHOR_FROM, ANCHOR_STEP, ListingCache, listingCacheFor } from './listing-cache';
import type { MemberFilter } from './members.repository';

/**
 * The large-listing machinery of migration 0003 and page-anchors.ts, on a company big enough for
 * anchored deep pages (2,600 members): every page, count and search answer is compared with the
 * plain SQL it replaces, read in the system scope — before and after members change.
 */
let t: TestContext;
let ids: { deep: string; other: string; admin: string; otherAdmin: string };
let token: string;
const SIZE = 2_601;

beforeAll(async () => {
  t = await createTestApp();
  ids = await t.db.system(async (tx) => {
    const deep = await createCompany(tx, { name: 'Deep', subDomain: 'deep' });
    const other = await createCompany(tx, { name: 'Other', subDomain: 'other' });
    const admin = await createUser(tx, { email: 'boss@deep.test', firstName: 'Aaron', lastName: 'Boss' });
    const otherAdmin = await createUser(tx, { email: 'boss@other.test', firstName: 'Olga', lastName: 'Boss' });
    await addMembership(tx, deep.id, admin.id, { roles: ['admin'] });
    // LIKE's wildcards and escape character in real data, to be matched literally.
    const odd = await createUser(tx, { email: 'per_cent@deep.test', firstName: 'Zo\\e', lastName: '50%Off' });
    await addMembership(tx, deep.id, odd.id);
    await addMembership(tx, other.id, otherAdmin.id, { roles: ['admin'] });
    // Few distinct names, so ties on the sort key are common and the id must break them.
    await tx.execute(sql`INSERT INTO users (email, first_name, last_name)
      SELECT 'm' || g || '@deep.test', (ARRAY['Ana','Ben','Cleo','Dov','Eve'])[1 + g % 5], 'Anderson' || (g % 13)
        FROM generate_series(1, ${SIZE - 2}) g`);
    await tx.execute(sql`INSERT INTO memberships (company_id, user_id, roles, enabled, created_at)
      SELECT ${deep.id}, u.id, CASE WHEN g % 97 = 0 THEN ARRAY['admin'] ELSE ARRAY['member'] END,
             g % 10 <> 0, timestamptz '2026-01-01' + (g % 400) * interval '1 hour'
        FROM (SELECT id, row_number() OVER (ORDER BY email) g FROM users WHERE email LIKE 'm%@deep.test') u`);
    // The same names in another company: a search or count must never see them.
    await tx.execute(sql`INSERT INTO users (email, first_name, last_name)
      SELECT 'o' || g || '@other.test', 'Ana', 'Anderson' || g FROM generate_series(1, 300) g`);
    await tx.execute(sql`INSERT INTO memberships (company_id, user_id)
      SELECT ${other.id}, id FROM users WHERE email LIKE 'o%@other.test'`);
    return { deep: deep.id, other: other.id, admin: admin.id, otherAdmin: otherAdmin.id };
  });
  token = (await tokenFor(t.app, ids.admin, ids.deep)).token;
});
afterAll(() => t.close());

const stats = () => listingCacheFor(t.app).stats;

const SORT_SQL = {
  name: sql`sort_name`,
  email: sql`email`,
  createdAt: sql`created_at`,
  // The role sort's meaning: the roles as one text, whatever column the listing keeps for it.
  role: sql`array_to_string(roles, ',')`,
} as const;
type Sort = keyof typeof SORT_SQL;

/** What the listing must answer, by the plain ORDER BY … OFFSET it replaces. */
async function truth(
  q: { sort: Sort; order: 'asc' | 'desc'; status?: string; role?: string },
  offset: number,
  n: number,
) {
  return t.db.system(async (tx) => {
    const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
    const status = q.status ? sql` AND enabled = ${q.status === 'enabled'}` : sql``;
    const role = q.role ? sql` AND roles @> ARRAY[${q.role}]::text[]` : sql``;
    const where = sql`company_id = ${ids.deep}${status}${role}`;
    const page = await rows<{ user_id: string }>(
      tx,
      sql`SELECT user_id FROM memberships WHERE ${where}
           ORDER BY ${SORT_SQL[q.sort]} ${dir}, id ${dir} LIMIT ${n} OFFSET ${offset}`,
    );
    const [c] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM memberships WHERE ${where}`);
    return { ids: page.map((r) => r.user_id), total: c!.n };
  });
}

async function listing(query: string) {
  const res = await call(t.app, { method: 'GET', url: `/api/members?${query}`, host: 'deep', token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: Array<{ uuid: string }>; totalItems: number };
  return { ids: body.data.map((m) => m.uuid), total: body.totalItems };
}

async function expectPagesMatch(
  q: { sort: Sort; order: 'asc' | 'desc'; status?: string; role?: string },
  pages: number[],
  perPage = 50,
) {
  const qs = new URLSearchParams({ sort: q.sort, order: q.order, itemsPerPage: String(perPage) });
  if (q.status) qs.set('status', q.status);
  if (q.role) qs.set('role', q.role);
  for (const page of pages) {
    qs.set('page', String(page));
    const got = await listing(qs.toString());
    const want = await truth(q, (page - 1) * perPage, perPage);
    expect(got, `${qs}`).toEqual(want);
  }
}

describe('deep pages through anchors', () => {
  it('answers every page like ORDER BY … OFFSET, in every order and status filter', async () => {
    expect(ANCHOR_FROM).toBeLessThan(SIZE - 100);
    // Pages around anchor boundaries (offsets ANCHOR_STEP·k ± one page), the last page and past the end.
    const deep = [
      ANCHOR_FROM / 50 + 1,
      (ANCHOR_FROM + ANCHOR_STEP) / 50,
      (ANCHOR_FROM + ANCHOR_STEP) / 50 + 1,
      Math.ceil(SIZE / 50),
      Math.ceil(SIZE / 50) + 3,
    ];
    for (const sort of ['name', 'email', 'createdAt', 'role'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        await expectPagesMatch({ sort, order }, [1, 2, ...deep]);
      }
    }
    await expectPagesMatch({ sort: 'name', order: 'asc', status: 'enabled' }, [1, ...deep]);
    await expectPagesMatch({ sort: 'createdAt', order: 'desc', status: 'disabled' }, [1, 2, 6]);
    await expectPagesMatch({ sort: 'email', order: 'asc', role: 'admin' }, [1, 2]);
    // Deep pages really went through anchors: one build per order and filter, then anchored reads.
    expect(stats().builds).toBe(9);
    expect(stats().anchoredReads).toBeGreaterThanOrEqual(8 * 4);
  });

  it('stays exact after members are renamed, added, disabled and removed (the anchors are rebuilt)', async () => {
    const q = { sort: 'name' as const, order: 'asc' as const };
    const pages = [ANCHOR_FROM / 50 + 2, Math.ceil(SIZE / 50) - 1];
    await expectPagesMatch(q, pages); // builds the anchors
    const builds = stats().builds;
    // A rename moves a member from the start of the order to the end ("Ana …" → "Zed …").
    const [first] = await t.db.system((tx) =>
      rows<{ user_id: string }>(
        tx,
        sql`SELECT user_id FROM memberships WHERE company_id = ${ids.deep} ORDER BY sort_name, id LIMIT 1`,
      ),
    );
    await t.db.system((tx) => tx.execute(sql`UPDATE users SET first_name = 'Zed' WHERE id = ${first!.user_id}`));
    await expectPagesMatch(q, pages);
    // Through the API: disable one member, remove another.
    const victims = (await truth(q, 10, 2)).ids;
    const member = (
      await call(t.app, { method: 'GET', url: `/api/members/${victims[0]}`, host: 'deep', token })
    ).json() as { version: number };
    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${victims[0]}`,
      host: 'deep',
      token,
      payload: { version: member.version, enabled: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await expectPagesMatch({ ...q, status: 'enabled' }, pages);
    const removed = await call(t.app, { method: 'DELETE', url: `/api/members/${victims[1]}`, host: 'deep', token });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await expectPagesMatch(q, pages);
    // New members at the front of the order.
    await t.db.system(async (tx) => {
      await tx.execute(sql`INSERT INTO users (email, first_name, last_name)
        SELECT 'n' || g || '@deep.test', 'Aa', 'New' || g FROM generate_series(1, 7) g`);
      await tx.execute(sql`INSERT INTO memberships (company_id, user_id)
        SELECT ${ids.deep}, id FROM users WHERE email LIKE 'n%@deep.test'`);
    });
    await expectPagesMatch(q, pages);
    await expectPagesMatch({ ...q, status: 'enabled' }, pages);
    // A role change through the API moves a member in the role sort (its key is kept by a trigger).
    const rolePages = [ANCHOR_FROM / 50 + 2, Math.ceil(SIZE / 50)];
    await expectPagesMatch({ sort: 'role', order: 'desc' }, rolePages);
    const promoted = (await truth({ sort: 'role', order: 'desc' }, SIZE - 5, 1)).ids[0]!;
    const current = (
      await call(t.app, { method: 'GET', url: `/api/members/${promoted}`, host: 'deep', token })
    ).json() as { version: number };
    const promote = await call(t.app, {
      method: 'PATCH',
      url: `/api/members/${promoted}`,
      host: 'deep',
      token,
      payload: { version: current.version, roles: ['admin', 'member'] },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    await expectPagesMatch({ sort: 'role', order: 'desc' }, rolePages);
    // Each change moved the version, and each listing rebuilt its anchors on its next deep read.
    expect(stats().builds).toBeGreaterThanOrEqual(builds + 5);
  });
});

describe('member counts kept by triggers', () => {
  it('equal a fresh count(*) for every company, role and status after bulk changes', async () => {
    await t.db.system(async (tx) => {
      await tx.execute(sql`UPDATE memberships SET roles = ARRAY['admin','member'] WHERE company_id = ${ids.deep}
                           AND created_at < timestamptz '2026-01-01 05:00'`);
      await tx.execute(sql`UPDATE memberships SET enabled = NOT enabled WHERE company_id = ${ids.other}
                           AND email LIKE 'o1%'`);
      await tx.execute(sql`DELETE FROM memberships WHERE company_id = ${ids.other} AND email LIKE 'o2%'`);
    });
    const [stats, fresh] = await t.db.system(async (tx) => [
      await rows<{ company_id: string; role: string; enabled: boolean; n: number }>(
        tx,
        sql`SELECT company_id, role, enabled, n FROM member_stats WHERE n <> 0 ORDER BY 1, 2, 3`,
      ),
      await rows<{ company_id: string; role: string; enabled: boolean; n: number }>(
        tx,
        sql`SELECT company_id, role, enabled, n FROM (
              SELECT company_id, '' AS role, enabled, count(*)::int AS n FROM memberships GROUP BY 1, 3
              UNION ALL
              SELECT company_id, r, enabled, count(*)::int FROM memberships, unnest(roles) r GROUP BY 1, 2, 3) x
            ORDER BY 1, 2, 3`,
      ),
    ]);
    expect(stats.length).toBeGreaterThan(4);
    expect(stats).toEqual(fresh);
    // And the API's totals come from them.
    for (const q of ['', 'status=enabled', 'status=disabled', 'role=admin', 'role=member&status=enabled']) {
      const got = await listing(q);
      const want = await t.db.system(async (tx) => {
        const [r] = await rows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM memberships WHERE company_id = ${ids.deep}
               ${q.includes('status=enabled') ? sql`AND enabled` : q.includes('status=disabled') ? sql`AND NOT enabled` : sql``}
               ${q.includes('role=admin') ? sql`AND 'admin' = ANY(roles)` : q.includes('role=member') ? sql`AND 'member' = ANY(roles)` : sql``}`,
        );
        return r!.n;
      });
      expect(got.total, q).toBe(want);
    }
  });
});

describe('search through member_search', () => {
  it('finds by fragment with its total, follows renames, and never sees another company', async () => {
    const res = await listing('search=ANDERSON1&itemsPerPage=5&sort=email');
    const want = await t.db.system((tx) =>
      rows<{ user_id: string }>(
        tx,
        sql`SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
             WHERE m.company_id = ${ids.deep}
               AND lower(u.first_name || ' ' || u.last_name || ' ' || u.email) LIKE '%anderson1%'
             ORDER BY m.email, m.id`,
      ),
    );
    expect(want.length).toBeGreaterThan(5);
    expect(res.total).toBe(want.length);
    expect(res.ids).toEqual(want.slice(0, 5).map((r) => r.user_id));
    // Past the last page: no rows, the total still right.
    expect(await listing('search=anderson1&itemsPerPage=5&page=999')).toEqual({ ids: [], total: want.length });
    // With filters and every order: the same rows as the plain query over memberships and users.
    for (const [sort, col] of [
      ['name', sql`m.sort_name`],
      ['email', sql`m.email`],
      ['createdAt', sql`m.created_at`],
      ['role', sql`array_to_string(m.roles, ',')`],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const dir = order === 'desc' ? sql`DESC` : sql`ASC`;
        const expected = await t.db.system((tx) =>
          rows<{ user_id: string }>(
            tx,
            sql`SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
                 WHERE m.company_id = ${ids.deep} AND m.enabled
                   AND lower(u.first_name || ' ' || u.last_name || ' ' || u.email) LIKE '%cleo%'
                 ORDER BY ${col} ${dir}, m.id ${dir} LIMIT 7 OFFSET 14`,
          ),
        );
        const got = await listing(`search=Cleo&status=enabled&sort=${sort}&order=${order}&itemsPerPage=7&page=3`);
        expect(got.ids, `${sort} ${order}`).toEqual(expected.map((r) => r.user_id));
      }
    }
    // Short fragments (no trigram to look up) and LIKE wildcards taken literally, on both paths.
    for (const frag of ['e', 'cl', 'n1', 'ana a', '_', 'n_', '%d', '\\']) {
      const expected = await t.db.system((tx) =>
        rows<{ user_id: string }>(
          tx,
          sql`SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
               WHERE m.company_id = ${ids.deep}
                 AND strpos(lower(u.first_name || ' ' || u.last_name || ' ' || u.email), ${frag}) > 0
               ORDER BY m.sort_name DESC, m.id DESC`,
        ),
      );
      const got = await listing(`search=${encodeURIComponent(frag)}&sort=name&order=desc&itemsPerPage=20`);
      expect(got, frag).toEqual({ ids: expected.slice(0, 20).map((r) => r.user_id), total: expected.length });
      if (['_', 'n_', '%d', '\\'].includes(frag)) expect(got.total, frag).toBeLessThan(3);
    }
    expect((await listing('search=r_c')).total).toBe(1);
    expect((await listing(`search=${encodeURIComponent('50%o')}`)).total).toBe(1);
    expect((await listing(`search=${encodeURIComponent('o\\e')}`)).total).toBe(1);
    const admins = await listing('search=anderson&role=admin&itemsPerPage=100');
    const adminTruth = await t.db.system((tx) =>
      rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM memberships WHERE company_id = ${ids.deep} AND 'admin' = ANY(roles)
             AND user_id IN (SELECT id FROM users WHERE lower(last_name) LIKE '%anderson%')`,
      ),
    );
    expect(admins.total).toBe(adminTruth[0]!.n);
    expect(admins.total).toBeGreaterThan(0);
    // The other company's "Ana Anderson…" never shows up.
    expect((await listing('search=other.test')).total).toBe(0);
    // A rename is searchable at once.
    await t.db.system((tx) => tx.execute(sql`UPDATE users SET last_name = 'Quixotic' WHERE id = ${want[0]!.user_id}`));
    expect(await listing('search=quixotic')).toEqual({ ids: [want[0]!.user_id], total: 1 });
  });

  it('remembers a search per process and forgets it when members change', async () => {
    const truthOf = (frag: string) =>
      t.db.system((tx) =>
        rows<{ user_id: string }>(
          tx,
          sql`SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
               WHERE m.company_id = ${ids.deep}
                 AND strpos(lower(u.first_name || ' ' || u.last_name || ' ' || u.email), ${frag}) > 0
               ORDER BY m.sort_name, m.id`,
        ),
      );
    const before = { ...stats() };
    const all = await truthOf('dov anderson7');
    expect(all.length).toBeGreaterThan(25);
    // Page through it: one miss, then hits, every page exact.
    for (const page of [1, 2, 3, 1]) {
      const got = await listing(`search=Dov%20Anderson7&sort=name&itemsPerPage=10&page=${page}`);
      expect(got).toEqual({
        ids: all.slice((page - 1) * 10, page * 10).map((r) => r.user_id),
        total: all.length,
      });
    }
    expect(stats().searchMisses - before.searchMisses).toBe(1);
    expect(stats().searchHits - before.searchHits).toBe(3);
    // A rename drops one match: the remembered result is stale by version, and not used.
    await t.db.system((tx) => tx.execute(sql`UPDATE users SET first_name = 'Renamed' WHERE id = ${all[0]!.user_id}`));
    const after = await listing('search=Dov%20Anderson7&sort=name&itemsPerPage=10');
    expect(after).toEqual({ ids: all.slice(1, 11).map((r) => r.user_id), total: all.length - 1 });
    expect(stats().searchMisses - before.searchMisses).toBe(2);
  });

  it('answers the same with LISTING_CACHE off', async () => {
    const off = new ListingCache(false);
    const on = listingCacheFor(t.app);
    const base: MemberFilter = { sort: 'name', order: 'asc' };
    const cases: Array<[MemberFilter, number]> = [
      [{ ...base, search: 'cleo' }, 30],
      [{ ...base, search: 'cleo', role: 'admin' }, 0],
      [{ ...base, search: 'an', status: 'disabled', order: 'desc' }, 10],
      [{ ...base, sort: 'email' }, 2_300],
      [{ ...base, sort: 'createdAt', order: 'desc', status: 'enabled' }, 2_050],
    ];
    for (const [f, offset] of cases) {
      const [a, b] = await t.db.scoped({ companyId: ids.deep, userId: ids.admin }, async (tx) => [
        await on.readPage(tx, ids.deep, f, offset, 10),
        await off.readPage(tx, ids.deep, f, offset, 10),
      ]);
      expect(
        a.rows.map((r) => r.id),
        JSON.stringify(f),
      ).toEqual(b.rows.map((r) => r.id));
      expect(a.total, JSON.stringify(f)).toBe(b.total);
    }
    expect(off.stats).toEqual({ builds: 0, anchoredReads: 0, searchHits: 0, searchMisses: 0 });
  });

  it('is closed to the app role except through member_search_ids, for its own company only', async () => {
    const denied = await t.db
      .scoped({ companyId: ids.deep, userId: ids.admin }, (tx) => tx.execute(sql`SELECT 1 FROM member_search LIMIT 1`))
      .then(
        () => 'allowed',
        (e: Error & { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
      );
    expect(denied).toBe('42501');
    const foreign = await t.db.scoped({ companyId: ids.deep, userId: ids.admin }, (tx) =>
      rows<{ id: string }>(tx, sql`SELECT member_search_ids(${ids.other}::uuid, '%ana%') AS id`),
    );
    expect(foreign).toEqual([]);
    const own = await t.db.scoped({ companyId: ids.other, userId: ids.otherAdmin }, (tx) =>
      rows<{ id: string }>(tx, sql`SELECT member_search_ids(${ids.other}::uuid, '%ana%') AS id`),
    );
    expect(own.length).toBeGreaterThan(100);
    // The capped door of the tracking search (migration 0027): the same rule, at most its limit.
    const first = (company: string, user: string, scope: string | null) =>
      t.db.scoped({ companyId: scope, userId: user }, (tx) =>
        rows<{ id: string }>(tx, sql`SELECT member_search_first(${company}::uuid, 'ana', 5) AS id`),
      );
    expect(await first(ids.other, ids.admin, ids.deep)).toEqual([]);
    expect(await first(ids.other, ids.admin, null)).toEqual([]);
    const firstOwn = await first(ids.other, ids.otherAdmin, ids.other);
    expect(firstOwn).toHaveLength(5);
    expect(own.map((r) => r.id)).toEqual(expect.arrayContaining(firstOwn.map((r) => r.id)));
    // Without a company in scope (the bare domain), neither door opens.
    const noCompany = await t.db.scoped({ companyId: null, userId: ids.admin }, async (tx) => [
      ...(await rows<{ id: string }>(tx, sql`SELECT member_search_ids(${ids.other}::uuid, '%ana%') AS id`)),
      ...(await rows<{ membership_id: string }>(
        tx,
        sql`SELECT membership_id FROM member_search_page(${ids.other}::uuid, '%ana%', NULL, NULL, 'name', false, 10, 0)`,
      )),
    ]);
    expect(noCompany).toEqual([]);
    const writes = await t.db
      .scoped({ companyId: ids.deep, userId: ids.admin }, (tx) =>
        tx.execute(sql`UPDATE member_stats SET n = n + 1 WHERE company_id = ${ids.deep}`),
      )
      .then(
        () => 'allowed',
        (e: Error & { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
      );
    expect(writes).toBe('42501');
  });
});

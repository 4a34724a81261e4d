import type { AppAbility } from '@wac/shared/permissions';
import {
  type BookmarkCreate,
  SEARCH_GROUP_LIMIT,
  type SearchItem,
  type SearchKind,
  type SearchResult,
} from '@wac/shared/schemas/search';
import type { Tx } from '../../db/client';
import { actingUser, type TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as certifications from '../certifications/certifications.service';
import * as myCerts from '../certifications/my-certifications.service';
import * as companyPages from '../company-pages/company-pages.service';
import * as departments from '../departments/departments.service';
import * as employees from '../employees/employees.service';
import * as members from '../members/members.service';
import * as acknowledgements from '../policies/acknowledgements.service';
import * as policies from '../policies/policies.service';
import * as teams from '../teams/teams.service';
import { companySource } from './search-companies';
import * as repo from './search.repository';

/**
 * The navbar search over the company's entities, and the user's bookmarks. Screens are matched in
 * the console (their labels are in the reader's language there); a bookmarked screen is stored
 * here like any other bookmark.
 */

type Found = Omit<SearchItem, 'kind' | 'isBookmarked'>;

/**
 * One kind of entity the search finds. A new area adds its source here (e.g. compliance policies:
 * kind 'policy', its read permission, its service's search and get).
 */
export interface SearchSource {
  kind: Exclude<SearchKind, 'screen'>;
  /** Whether this viewer may see this kind at all (the same rule its own routes apply). */
  visible: (ability: AppAbility) => boolean;
  /**
   * The search inside the search's own transaction: one transaction serves the bookmarks and every
   * source (one round trip of BEGIN per keystroke, not one per kind of entity).
   */
  searchInTx: (tx: Tx, ctx: TenantCtx, q: string, ability: AppAbility) => Promise<Found[]>;
  /**
   * Whether searchInTx serves this viewer (default: yes); when not, `search` runs in its own
   * service's transaction beside it.
   */
  inTxFor?: (ability: AppAbility) => boolean;
  search?: (ctx: TenantCtx, q: string, ability: AppAbility) => Promise<Found[]>;
  /** One entity by id for a bookmark, or null when it is gone (or no longer visible). */
  one: (ctx: TenantCtx, id: string, ability: AppAbility) => Promise<Found | null>;
}

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const gone = (e: unknown) => {
  if (e instanceof AppError && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN')) return null;
  throw e;
};
/** Admins (who read `user`) open the member record; everyone else the colleague's directory card. */
const memberPath = (ability: AppAbility, uuid: string) =>
  ability.can('read', 'user') ? `/users/${uuid}` : `/people/${uuid}`;

/** The member listing's per-company trigram table, stopping at a few matches (migration 0009). */
async function membersInTx(tx: Tx, ctx: TenantCtx, q: string): Promise<Found[]> {
  const found = await repo.membersMatching(tx, ctx.companyId, q, SEARCH_GROUP_LIMIT);
  return found.map((m) => ({
    target: m.user_id,
    title: name({ firstName: m.first_name, lastName: m.last_name }),
    subtitle: m.email,
    path: `/users/${m.user_id}`,
  }));
}
const includes = (text: string, q: string) => text.toLocaleLowerCase().includes(q.toLocaleLowerCase());
const myCertifications = async (ctx: TenantCtx): Promise<Found[]> =>
  (await myCerts.mine(ctx)).data.map(({ type }) => ({
    target: type.uuid,
    title: type.name,
    subtitle: type.description,
    path: '/my-certifications',
  }));
const toPageItem = (p: { id: string; title: string; slug: string }): Found => ({
  target: p.id,
  title: p.title,
  subtitle: `/${p.slug}`,
  path: '/company-pages',
});

export const SOURCES: SearchSource[] = [
  {
    kind: 'member',
    visible: (a) => a.can('read', 'default'),
    // A colleague (not an admin) finds people in the directory, through its own service.
    async search(ctx, q) {
      const page = await employees.directory(ctx, {
        search: q,
        page: 1,
        itemsPerPage: SEARCH_GROUP_LIMIT,
        sort: 'name',
        order: 'asc',
        status: 'current',
        asAdmin: false,
      });
      return page.data.map((p) => ({
        target: p.uuid,
        title: name(p),
        subtitle: p.jobTitle,
        path: `/people/${p.uuid}`,
      }));
    },
    searchInTx: (tx, ctx, q) => membersInTx(tx, ctx, q),
    inTxFor: (ability) => ability.can('read', 'user'),
    async one(ctx, id, ability) {
      const m = await members.getMember(ctx, id, { asAdmin: ability.can('read', 'user') }).catch(gone);
      return m ? { target: id, title: name(m), subtitle: null, path: memberPath(ability, id) } : null;
    },
  },
  {
    kind: 'team',
    visible: (a) => a.can('read', 'team'),
    searchInTx: async (tx, ctx, q) =>
      (await teams.matchingInTx(tx, ctx.companyId, q, SEARCH_GROUP_LIMIT)).map((t) => ({
        target: t.uuid,
        title: t.name,
        subtitle: t.description,
        path: `/teams/${t.uuid}`,
      })),
    async one(ctx, id) {
      const t = await teams.get(ctx, id).catch(gone);
      return t ? { target: id, title: t.name, subtitle: t.description, path: `/teams/${id}` } : null;
    },
  },
  {
    kind: 'department',
    visible: (a) => a.can('read', 'default'),
    searchInTx: async (tx, ctx, q) =>
      (await departments.matchingInTx(tx, ctx.companyId, q, SEARCH_GROUP_LIMIT)).map((d) => ({
        target: d.uuid,
        title: d.name,
        subtitle: d.description,
        path: '/departments',
      })),
    async one(ctx, id) {
      const d = await departments.get(ctx, id).catch(gone);
      return d ? { target: id, title: d.name, subtitle: d.description, path: '/departments' } : null;
    },
  },
  {
    kind: 'companyPage',
    visible: (a) => a.can('read', 'dashboard'),
    searchInTx: async (tx, ctx, q) =>
      (await companyPages.searchPagesInTx(tx, ctx.companyId, q, SEARCH_GROUP_LIMIT)).map(toPageItem),
    async one(ctx, id) {
      const [p] = await companyPages.pageTitles(ctx, [id]);
      return p ? { target: id, title: p.title, subtitle: `/${p.slug}`, path: '/company-pages' } : null;
    },
  },
  {
    // Compliance admins find every policy; a member finds the policies she must read (My policies),
    // by title: the search box promised policies, and "security" found nothing for Bob.
    kind: 'policy',
    visible: (a) => a.can('read', 'default'),
    searchInTx: async (tx, ctx, q) =>
      (await policies.matchingInTx(tx, ctx.companyId, q, SEARCH_GROUP_LIMIT)).map((p) => ({
        target: p.uuid,
        title: p.title,
        subtitle: p.category,
        path: `/policies/${p.uuid}`,
      })),
    inTxFor: (ability) => ability.can('read', 'compliance'),
    async search(ctx, q) {
      const { data } = await acknowledgements.mine(ctx);
      return data
        .filter((p) => includes(p.title, q))
        .slice(0, SEARCH_GROUP_LIMIT)
        .map((p) => ({ target: p.uuid, title: p.title, subtitle: p.category, path: `/my-policies/${p.uuid}` }));
    },
    async one(ctx, id, ability) {
      if (!ability.can('read', 'compliance')) {
        const p = await acknowledgements.myPolicy(ctx, id).catch(gone);
        return p ? { target: id, title: p.title, subtitle: p.category, path: `/my-policies/${id}` } : null;
      }
      const p = await policies.get(ctx, id).catch(gone);
      return p ? { target: id, title: p.title, subtitle: p.category, path: `/policies/${id}` } : null;
    },
  },
  {
    kind: 'certification',
    visible: (a) => a.can('read', 'default'),
    searchInTx: async (tx, ctx, q) =>
      (await certifications.matchingTypesInTx(tx, ctx.companyId, q, SEARCH_GROUP_LIMIT)).map((c) => ({
        target: c.uuid,
        title: c.name,
        subtitle: c.description,
        path: `/certifications/${c.uuid}`,
      })),
    // A member finds the certifications she needs, on her own screen.
    inTxFor: (ability) => ability.can('read', 'compliance'),
    search: async (ctx, q) =>
      (await myCertifications(ctx)).filter((c) => includes(c.title, q)).slice(0, SEARCH_GROUP_LIMIT),
    async one(ctx, id, ability) {
      if (!ability.can('read', 'compliance')) return (await myCertifications(ctx)).find((c) => c.target === id) ?? null;
      const c = await certifications.getType(ctx, id).catch(gone);
      return c ? { target: id, title: c.name, subtitle: c.description, path: `/certifications/${id}` } : null;
    },
  },
  companySource,
];

export async function search(ctx: TenantCtx, input: { q: string; ability: AppAbility }): Promise<SearchResult> {
  const userId = actingUser(ctx);
  const q = input.q.trim();
  if (!q) return { query: '', groups: [] };
  const sources = SOURCES.filter((s) => s.visible(input.ability));
  // One transaction for the bookmarks and every source; a source that cannot serve this viewer
  // inside it (the member directory of a non-admin) runs in its own service's transaction beside it.
  const inTx = (s: SearchSource) => !s.search || (s.inTxFor?.(input.ability) ?? true);
  const shared = ctx.run(async (tx) => {
    const marks = await repo.list(tx, ctx.companyId, userId);
    const found = new Map<SearchSource, Found[]>();
    for (const s of sources.filter(inTx)) found.set(s, await s.searchInTx(tx, ctx, q, input.ability));
    return { marked: new Set(marks.map((b) => `${b.kind}:${b.target}`)), found };
  });
  const others = Promise.all(
    sources.map(async (s) => [s, inTx(s) ? null : await s.search!(ctx, q, input.ability)] as const),
  );
  const [{ marked, found: fromTx }, rest] = await Promise.all([shared, others]);
  const found = sources.map((s, i) => fromTx.get(s) ?? rest[i]![1] ?? []);
  return {
    query: q,
    groups: sources
      .map((s, i) => ({
        kind: s.kind,
        items: found[i]!.map((f) => ({ ...f, kind: s.kind, isBookmarked: marked.has(`${s.kind}:${f.target}`) })),
      }))
      .filter((g) => g.items.length > 0),
  };
}

/** The user's bookmarks with what they point at now; a bookmark of something gone or hidden is left out. */
export async function bookmarks(ctx: TenantCtx, ability: AppAbility) {
  const userId = actingUser(ctx);
  const list = await ctx.run((tx) => repo.list(tx, ctx.companyId, userId));
  const resolved = await Promise.all(
    list.map(async (b) => {
      if (b.kind === 'screen') {
        return {
          uuid: b.id,
          kind: 'screen' as const,
          target: b.target,
          title: b.target,
          subtitle: null,
          path: b.target,
        };
      }
      const source = SOURCES.find((s) => s.kind === b.kind);
      if (!source?.visible(ability)) return null;
      const found = await source.one(ctx, b.target, ability);
      return found ? { uuid: b.id, kind: source.kind, ...found } : null;
    }),
  );
  return { data: resolved.filter((b) => b !== null).map((b) => ({ ...b, isBookmarked: true })) };
}

const MAX_BOOKMARKS = 100;

export async function addBookmark(ctx: TenantCtx, input: BookmarkCreate & { ability: AppAbility }) {
  const userId = actingUser(ctx);
  if (input.kind !== 'screen') {
    const source = SOURCES.find((s) => s.kind === input.kind);
    // Only what this user may see, in this company, can be bookmarked.
    const found = source?.visible(input.ability) ? await source.one(ctx, input.target, input.ability) : null;
    if (!found) throw new AppError('NOT_FOUND', [{ path: 'body.target', code: 'invalid' }]);
  }
  const row = await ctx.run(async (tx) => {
    if (!(await repo.isMember(tx, ctx.companyId, userId))) throw new AppError('FORBIDDEN');
    if ((await repo.count(tx, ctx.companyId, userId)) >= MAX_BOOKMARKS) {
      throw new AppError('VALIDATION_FAILED', [{ path: 'body', code: 'tooLong' }]);
    }
    return repo.insert(tx, ctx.companyId, userId, input.kind, input.target);
  });
  return { uuid: row.id, kind: input.kind, target: input.target };
}

export async function removeBookmark(ctx: TenantCtx, id: string) {
  const userId = actingUser(ctx);
  await ctx.run(async (tx) => {
    if (!(await repo.find(tx, ctx.companyId, userId, id))) throw new AppError('NOT_FOUND');
    await repo.remove(tx, ctx.companyId, userId, id);
  });
}

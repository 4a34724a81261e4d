import type { Tx } from '../../db/client';
import * as repo from './members.repository';

/**
 * What a server process remembers between member-listing requests, always checked against the
 * company's member-ordering version (member_list_versions, bumped by triggers on every change that
 * can move, add, drop or re-filter a row — migration 0003). Every read that uses a remembered value
 * reads the version in the same statement and falls back to the database when it moved, so an
 * answer is never built on stale positions or stale matches. Each process has its own memory; a
 * change made through another process is seen the same way, through the version.
 *
 * - Anchors, for deep pages of large listings (no search, no team): the sort key of every
 *   ANCHOR_STEP-th row. Page 5,000 starts from the anchor just before row 49,990 and skips fewer
 *   than ANCHOR_STEP index entries instead of 49,990.
 * - Search results (no team filter): the ordered ids of every match, up to SEARCH_MAX, so paging
 *   through a search, or the same search again, reads one page of rows by id.
 */
export const ANCHOR_STEP = 500;
/** Offsets below this are cheap as plain OFFSETs on the index. */
export const ANCHOR_FROM = 2_000;
const MAX_ANCHOR_LISTS = 500;
/** Searches with more matches than this are not remembered (their first SEARCH_MAX ids still serve). */
export const SEARCH_MAX = 10_000;
/** Ids remembered for searches, all entries together (~80 bytes each). */
const SEARCH_IDS_BUDGET = 200_000;

interface Anchors {
  version: number;
  keys: repo.MemberCursor[];
}
interface SearchHits {
  version: number;
  ids: string[];
  total: number;
}

const filterKey = (companyId: string, f: repo.MemberFilter) =>
  `${companyId}|${f.sort}|${f.order}|${f.role ?? ''}|${f.status ?? ''}`;

/** One per app (so two apps on two databases in one process never share entries). */
export class ListingCache {
  private anchors = new Map<string, Anchors>();
  private building = new Map<string, Promise<Anchors>>();
  private searches = new Map<string, SearchHits>();
  private searchIdsHeld = 0;
  /** Searches last seen with more than SEARCH_MAX matches: they go straight to the page query. */
  private bigSearches = new Set<string>();
  /** How often each path was taken (tests, diagnostics). */
  readonly stats = { builds: 0, anchoredReads: 0, searchHits: 0, searchMisses: 0 };

  /** `enabled` false (LISTING_CACHE=false) remembers nothing: every page from the database. */
  constructor(private readonly enabled = true) {}

  /** The page at `offset` of a member listing, through what this process remembers when it helps. */
  readPage(tx: Tx, companyId: string, f: repo.MemberFilter, offset: number, limit: number): Promise<repo.PageResult> {
    if (!this.enabled) return repo.listMembersPage(tx, companyId, f, limit, offset);
    if (f.search && !f.team) return this.searchPage(tx, companyId, f, offset, limit);
    // Team-filtered sets are small: a plain OFFSET serves them.
    if (!f.search && !f.team && offset >= ANCHOR_FROM) {
      return this.anchoredPage(tx, companyId, f, offset, limit);
    }
    return repo.listMembersPage(tx, companyId, f, limit, offset);
  }

  private rememberAnchors(key: string, a: Anchors) {
    this.anchors.delete(key);
    this.anchors.set(key, a);
    if (this.anchors.size > MAX_ANCHOR_LISTS) this.anchors.delete(this.anchors.keys().next().value!);
  }

  private forgetSearch(key: string) {
    const old = this.searches.get(key);
    if (!old) return;
    this.searches.delete(key);
    this.searchIdsHeld -= old.ids.length;
  }

  private rememberSearch(key: string, hits: SearchHits) {
    this.forgetSearch(key);
    this.searches.set(key, hits);
    this.searchIdsHeld += hits.ids.length;
    while (this.searchIdsHeld > SEARCH_IDS_BUDGET && this.searches.size > 1) {
      this.forgetSearch(this.searches.keys().next().value!);
    }
  }

  /** One build at a time per listing; concurrent deep pages wait for it. */
  private async buildAnchors(tx: Tx, companyId: string, f: repo.MemberFilter, key: string): Promise<Anchors> {
    const running = this.building.get(key);
    if (running) return running;
    this.stats.builds++;
    const p = repo.memberAnchors(tx, companyId, f, ANCHOR_STEP).then((a) => {
      this.rememberAnchors(key, a);
      return a;
    });
    this.building.set(key, p);
    try {
      return await p;
    } finally {
      this.building.delete(key);
    }
  }

  private async anchoredPage(
    tx: Tx,
    companyId: string,
    f: repo.MemberFilter,
    offset: number,
    limit: number,
  ): Promise<repo.PageResult> {
    const key = filterKey(companyId, f);
    // Another request's build that failed (its transaction ended) sends this one to a plain OFFSET.
    let a = this.anchors.get(key) ?? (await this.buildAnchors(tx, companyId, f, key).catch(() => null));
    for (let attempt = 0; a && attempt < 2; attempt++) {
      const i = Math.min(Math.floor(offset / ANCHOR_STEP), a.keys.length);
      const anchor = i > 0 ? a.keys[i - 1]! : null;
      const page = await repo.listMembersPage(tx, companyId, f, limit, offset - i * ANCHOR_STEP, anchor);
      if (page.version === a.version) {
        if (anchor) this.stats.anchoredReads++;
        return page;
      }
      this.anchors.delete(key);
      a = attempt === 0 ? await this.buildAnchors(tx, companyId, f, key).catch(() => null) : null;
    }
    // Members kept changing between the build and the read: a plain OFFSET this time.
    return repo.listMembersPage(tx, companyId, f, limit, offset);
  }

  private async searchPage(
    tx: Tx,
    companyId: string,
    f: repo.MemberFilter,
    offset: number,
    limit: number,
  ): Promise<repo.PageResult> {
    const key = `${filterKey(companyId, f)}|${(f.search ?? '').toLowerCase()}`;
    if (this.bigSearches.has(key)) return repo.listMembersPage(tx, companyId, f, limit, offset);
    const known = this.searches.get(key);
    if (known) {
      const page = await pageOfHits(tx, companyId, known, offset, limit);
      if (page) {
        this.stats.searchHits++;
        this.searches.delete(key);
        this.searches.set(key, known);
        return page;
      }
      this.forgetSearch(key);
    }
    this.stats.searchMisses++;
    const hits = await repo.searchIds(tx, companyId, f, SEARCH_MAX);
    if (hits.total <= SEARCH_MAX) this.rememberSearch(key, hits);
    else {
      // Path choice only (the page query is exact whatever the version); cleared when it grows large.
      if (this.bigSearches.size >= 1_000) this.bigSearches.clear();
      this.bigSearches.add(key);
      if (offset + limit > hits.ids.length) return repo.listMembersPage(tx, companyId, f, limit, offset);
    }
    // The rows are read in the same transaction; a change committed in between shows in the version.
    const page = await pageOfHits(tx, companyId, hits, offset, limit);
    if (page) return page;
    this.forgetSearch(key);
    return repo.listMembersPage(tx, companyId, f, limit, offset);
  }
}

/** One page of a search's remembered matches, or null when the company's members moved since. */
async function pageOfHits(
  tx: Tx,
  companyId: string,
  hits: SearchHits,
  offset: number,
  limit: number,
): Promise<repo.PageResult | null> {
  const page = await repo.membersByIds(tx, companyId, hits.ids.slice(offset, offset + limit));
  return page.version === hits.version ? { rows: page.rows, total: hits.total, version: page.version } : null;
}

const perDatabase = new WeakMap<object, ListingCache>();

/** The cache of an app's database (created on first use, with the app's LISTING_CACHE setting). */
export function listingCacheFor(app: { db: object; config: { listingCache: boolean } }): ListingCache {
  let c = perDatabase.get(app.db);
  if (!c) {
    c = new ListingCache(app.config.listingCache);
    perDatabase.set(app.db, c);
  }
  return c;
}

import type { Tx } from '../../db/client';
import * as repo from './members.repository';

/**
 * Deep pages without deep OFFSETs. For a large member listing (no search, no team filter) a server
 * process keeps, per company and order, the sort key of every STEP-th row, read at one version of
 * the company's member ordering (member_list_versions, bumped by triggers on every change that can
 * move a row). Page 5,000 then starts from the anchor just before row 49,990 and skips fewer than
 * STEP index entries. The page query reads the version in the same statement: when it moved, the
 * anchors are rebuilt and the page read again, so an answer is never built on stale positions.
 */
export const ANCHOR_STEP = 500;
/** Offsets below this are cheap as plain OFFSETs on the index. */
export const ANCHOR_FROM = 2_000;
const MAX_ENTRIES = 500;

interface Anchors {
  version: number;
  keys: repo.MemberCursor[];
}

const cache = new Map<string, Anchors>();
/** How often anchors were built and pages read through them in this process (tests, diagnostics). */
export const anchorStats = { builds: 0, anchoredReads: 0 };
const building = new Map<string, Promise<Anchors>>();

const keyOf = (companyId: string, f: repo.MemberFilter) =>
  `${companyId}|${f.sort}|${f.order}|${f.role ?? ''}|${f.status ?? ''}`;

function remember(key: string, a: Anchors) {
  cache.delete(key);
  cache.set(key, a);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}

/** One build at a time per listing in this process; concurrent deep pages wait for it. */
async function build(tx: Tx, companyId: string, f: repo.MemberFilter, key: string): Promise<Anchors> {
  const running = building.get(key);
  if (running) return running;
  anchorStats.builds++;
  const p = repo.memberAnchors(tx, companyId, f, ANCHOR_STEP).then((a) => {
    remember(key, a);
    return a;
  });
  building.set(key, p);
  try {
    return await p;
  } finally {
    building.delete(key);
  }
}

/** The page at `offset` of a listing, through anchors when the set is large and the offset deep. */
export async function readPage(
  tx: Tx,
  companyId: string,
  f: repo.MemberFilter,
  offset: number,
  limit: number,
): Promise<repo.PageResult> {
  // Searched and team-filtered sets are small; the role sort's array keys cannot be compared on the
  // index under row-level security (array comparison is not leakproof), so it keeps OFFSET.
  const anchored = !f.search && !f.team && f.sort !== 'role' && offset >= ANCHOR_FROM;
  if (!anchored) return repo.listMembersPage(tx, companyId, f, limit, offset);
  const key = keyOf(companyId, f);
  let anchors = cache.get(key) ?? (await build(tx, companyId, f, key).catch(() => null));
  // Another request's build failed (its transaction ended): this one reads with a plain OFFSET.
  if (!anchors) return repo.listMembersPage(tx, companyId, f, limit, offset);
  for (let attempt = 0; ; attempt++) {
    const i = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.keys.length);
    const anchor = i > 0 ? anchors.keys[i - 1]! : null;
    const page = await repo.listMembersPage(tx, companyId, f, limit, offset - i * ANCHOR_STEP, anchor);
    if (page.version === anchors.version || attempt > 0) {
      if (page.version !== anchors.version) {
        // Members changed between the rebuild and the read: answer with a plain OFFSET this time.
        return repo.listMembersPage(tx, companyId, f, limit, offset);
      }
      if (anchor) anchorStats.anchoredReads++;
      return page;
    }
    cache.delete(key);
    const rebuilt = await build(tx, companyId, f, key).catch(() => null);
    if (!rebuilt) return repo.listMembersPage(tx, companyId, f, limit, offset);
    anchors = rebuilt;
  }
}

import type { PolicyTrackingQuery } from '@wac/shared/schemas/policies';
import { couldBeInEmail } from '@wac/shared/validation';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  afterKeyset,
  and,
  containsPattern,
  countPastCap,
  intLiteral as int,
  type KeysetCursor,
  rows,
  uuidArray,
} from '../../db/sql';

/**
 * A policy's tracking list and completion figures, read from `policy_assignees` (its audience, with
 * each person's highest acknowledged version) and the counters the triggers keep beside it
 * (docs/decisions/022-policy-tracking-counters.md). A person's due date is the policy's due days
 * after the later of the publication to acknowledge and their membership's start; both are passed
 * in from the policy row, so the conditions on a person are ranges over their own columns.
 */

/** What of the policy the tracking statements need: the version to acknowledge, when, and the days allowed. */
export interface TrackedPolicy {
  id: string;
  ack_number: number | null;
  ack_published_at: Date | string | null;
  due_days: number;
}

export interface TrackingRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  sort_name: string;
  status: 'acknowledged' | 'outstanding' | 'overdue';
  due_at: Date | string | null;
  acknowledged_at: Date | string | null;
  ack_number_done: number | null;
}

const at = (v: Date | string | null) => (v instanceof Date ? v.toISOString() : v);
const dueOf = (p: TrackedPolicy) =>
  sql`(greatest(${at(p.ack_published_at)}::timestamptz, a.joined_at) + make_interval(days => ${p.due_days}::int))`;
// The version number is written in, not bound: it is one of a handful per policy, and with its value the
// planner knows how many have acknowledged it. Bound, a generic plan guessed a third of the audience
// and chose to read and sort a whole one-policy table for a deep page (200 ms at 100,000) over
// walking the name index (17 ms p50 under 10 callers).
const done = (p: TrackedPolicy) => sql`a.acked_number >= ${int(p.ack_number ?? 0)}`;

/**
 * Overdue, written as ranges: the due date (the later of the publication and the joining, plus the
 * days allowed) has passed exactly when both have passed by those days. The publication's half
 * holds no column: PostgreSQL judges it once per statement (a one-time filter) and, while a version
 * is newer than its days (just published: nobody can be overdue yet), reads no row at all, where a
 * search past the candidates' cap walked the whole policy to find no one (60 ms at 100,000 people).
 * The joining's half is a range of the joining-date index.
 */
const overdue = (p: TrackedPolicy) => {
  const days = sql`make_interval(days => ${p.due_days}::int)`;
  return sql`NOT ${done(p)} AND ${at(p.ack_published_at)}::timestamptz < now() - ${days} AND a.joined_at < now() - ${days}`;
};

const statusCondition = (p: TrackedPolicy, status: PolicyTrackingQuery['status']) => {
  if (status === 'acknowledged') return done(p);
  if (status === 'overdue') return overdue(p);
  if (status === 'outstanding') return sql`NOT ${done(p)} AND ${dueOf(p)} >= now()`;
  return null;
};

/**
 * A search tests a person's name and email. `ids`: the first matches from member_search's trigram
 * index (member_search_first, migration 0027), a superset that the exact test narrows; `null`: more
 * matched than the cap, and the list walks its people in name order testing each (a page of a
 * search matching one person in ten reads about ten people per row shown, where joining every
 * match read 11,112 of them for "number 1" at 100,000 people: 2.9 s).
 */
type SearchBy = { text: string; ids: string[] | null };

/**
 * A search's total is counted up to this many matches; past it the page says "more than" (as the
 * directory and the audit log do).
 */
export const TRACKING_SEARCH_CAP = 1000;

type Filters = Omit<PolicyTrackingQuery, 'page' | 'itemsPerPage' | 'search'>;

/** The filters of the list, on `policy_assignees` alone (status from its included columns). */
function where(companyId: string, p: TrackedPolicy, q: Filters, search: SearchBy | null) {
  const parts: SQL[] = [sql`a.company_id = ${companyId}`, sql`a.policy_id = ${p.id}`];
  const status = statusCondition(p, q.status);
  if (status) parts.push(status);
  if (search) {
    // The exact test, row by row: the name on the assignee row itself (the membership's, kept by the
    // triggers), the email by a scalar sub-select. Written as a join or EXISTS, the planner made it a
    // semi-join that hashed every name of the company. With candidates, only theirs are tested. The
    // name is tested as it is: the sort name is lower case already (the memberships triggers).
    const pattern = containsPattern(search.text);
    if (search.ids)
      parts.push(sql`a.user_id IN (SELECT m.user_id FROM memberships m
        WHERE m.company_id = ${companyId} AND m.id = ANY(${uuidArray(search.ids)}))`);
    // A fragment no address can hold (a space, an accent: couldBeInEmail) is tested on the name only,
    // without a probe into users per person walked (8,000 of them for "number 1" at 100,000 people).
    parts.push(
      couldBeInEmail(search.text.toLowerCase())
        ? sql`(a.sort_name LIKE ${pattern}
      OR (SELECT lower(u.email) LIKE ${pattern} FROM users u WHERE u.id = a.user_id) IS TRUE)`
        : sql`a.sort_name LIKE ${pattern}`,
    );
  }
  if (q.teamUuid)
    parts.push(
      sql`EXISTS (SELECT 1 FROM team_members tm WHERE tm.company_id = ${companyId} AND tm.team_id = ${q.teamUuid} AND tm.user_id = a.user_id)`,
    );
  if (q.departmentUuid)
    parts.push(
      sql`EXISTS (SELECT 1 FROM employees e WHERE e.company_id = ${companyId} AND e.department_id = ${q.departmentUuid} AND e.user_id = a.user_id)`,
    );
  return and(parts);
}

/** The first cap + 1 memberships a search may match (a superset: the exact test follows). */
async function searchHits(tx: Tx, companyId: string, text: string, cap: number) {
  const hits = await rows<{ id: string }>(
    tx,
    sql`SELECT member_search_first(${companyId}::uuid, ${text}::text, ${cap + 1}::int) AS id`,
  );
  return hits.map((h) => h.id);
}

/**
 * The page's people are found on `policy_assignees` alone (in its name index's order); only they
 * are then joined with their names and the acknowledgement that counts (a deferred join).
 */
const pageOfPeople = (
  p: TrackedPolicy,
  ids: SQL,
  order: SQL,
) => sql`SELECT a.user_id, u.first_name, u.last_name, u.email, a.sort_name,
    CASE WHEN ${done(p)} THEN 'acknowledged' WHEN now() > ${dueOf(p)} THEN 'overdue' ELSE 'outstanding' END AS status,
    ${dueOf(p)} AS due_at,
    (SELECT k.acknowledged_at FROM policy_acknowledgements k WHERE ${done(p)} AND k.company_id = a.company_id
       AND k.policy_id = a.policy_id AND k.user_id = a.user_id AND k.version_number = a.acked_number) AS acknowledged_at,
    CASE WHEN ${done(p)} THEN a.acked_number END AS ack_number_done, ids.k, ids.id
  FROM (${ids}) ids
  JOIN policy_assignees a ON a.company_id = ids.company_id AND a.policy_id = ids.policy_id AND a.user_id = ids.user_id
  JOIN users u ON u.id = a.user_id
  ORDER BY ${order}`;

export async function tracking(
  tx: Tx,
  companyId: string,
  p: TrackedPolicy,
  q: PolicyTrackingQuery,
  withCount = true,
  cap = TRACKING_SEARCH_CAP,
) {
  if (p.ack_number === null) return { data: [], totalItems: 0, totalIsLowerBound: false };
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  // Sorted by due date, the list walks the joining-date index: within one policy the due date
  // (publication or joining, whichever is later, plus the days allowed) never decreases as the
  // joining date grows, so this order is the due date's, ties broken by joining date, then person.
  const key = q.sort === 'dueAt' ? sql`a.joined_at` : sql`a.sort_name`;
  const hits = q.search ? await searchHits(tx, companyId, q.search, cap) : [];
  const search: SearchBy | null = q.search ? { text: q.search, ids: hits.length > cap ? null : hits } : null;
  // A search past the cap walks the policy in the list's order: its people are read from a sub-select
  // ordered by the index (the sort name's index holds every column, so an index-only scan) and
  // tested on top of it, the walk stopping at the page. Under row-level security the planner has no
  // statistics for a LIKE (not leakproof), guessed that 3 of 100,000 match where 5,556 do, and read
  // and sorted the whole table instead (80 ms for page 50 of "number 1"). The OFFSET 0 keeps the tests
  // out of the sub-select, so it is planned alone, as the whole policy in order: the index.
  const walked =
    search && !search.ids
      ? sql`(SELECT * FROM policy_assignees a WHERE a.company_id = ${companyId} AND a.policy_id = ${p.id}
              ORDER BY ${key} ${dir}, a.user_id ${dir} OFFSET 0) a`
      : sql`policy_assignees a`;
  const data = await rows<TrackingRow>(
    tx,
    pageOfPeople(
      p,
      sql`SELECT a.company_id, a.policy_id, a.user_id, ${key} AS k, a.user_id AS id FROM ${walked}
          WHERE ${where(companyId, p, q, search)} ORDER BY ${key} ${dir}, a.user_id ${dir}
          LIMIT ${int(q.itemsPerPage)} OFFSET ${int((q.page - 1) * q.itemsPerPage)}`,
      sql`ids.k ${dir}, ids.id ${dir}`,
    ),
  );
  if (!withCount) return { data, totalItems: 0, totalIsLowerBound: false };
  const from = (by: SearchBy | null) => sql`policy_assignees a WHERE ${where(companyId, p, q, by)}`;
  if (!search || search.ids) {
    const [c] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${from(search)}`);
    return { data, totalItems: c?.n ?? 0, totalIsLowerBound: false };
  }
  // More than `cap` may match. With a status, team or department too, the first cap + 1 candidates
  // all pass only if nearly everyone does: the walk counts straight away (the first pass cost
  // 8-13 ms at 100,000 people and could not decide).
  const alone = !q.status && !q.teamUuid && !q.departmentUuid;
  const candidates = alone ? from({ text: search.text, ids: hits }) : null;
  const { n, more } = await countPastCap(tx, candidates, from(search), cap);
  return { data, totalItems: n, totalIsLowerBound: more };
}

export async function trackingBatch(
  tx: Tx,
  companyId: string,
  p: TrackedPolicy,
  q: Omit<PolicyTrackingQuery, 'page' | 'itemsPerPage'>,
  cursor: KeysetCursor | null,
  limit: number,
) {
  if (p.ack_number === null) return [];
  // The export reads every match: the person-by-person test, in the name order it walks anyway.
  const search = q.search ? { text: q.search, ids: null } : null;
  const after = afterKeyset({ expr: sql`a.sort_name`, type: sql`text` }, sql`a.user_id`, false, cursor);
  return rows<TrackingRow & { k: string; id: string }>(
    tx,
    pageOfPeople(
      p,
      sql`SELECT a.company_id, a.policy_id, a.user_id, a.sort_name AS k, a.user_id AS id FROM policy_assignees a
          WHERE ${where(companyId, p, q, search)}${after} ORDER BY a.sort_name, a.user_id LIMIT ${int(limit)}`,
      sql`ids.k, ids.id`,
    ),
  );
}

/** Assigned, acknowledged, outstanding and overdue of one policy: one counter row and the due buckets. */
export async function completion(tx: Tx, companyId: string, policyId: string) {
  const [c] = await rows<{ assigned: number; acknowledged: number; outstanding: number; overdue: number }>(
    tx,
    sql`SELECT coalesce((SELECT assigned FROM policy_counts WHERE company_id = ${companyId} AND policy_id = ${policyId}), 0) AS assigned,
          coalesce((SELECT acknowledged FROM policy_counts WHERE company_id = ${companyId} AND policy_id = ${policyId}), 0) AS acknowledged,
          coalesce(sum(n) FILTER (WHERE due_at >= now()), 0)::int AS outstanding,
          coalesce(sum(n) FILTER (WHERE due_at < now()), 0)::int AS overdue
        FROM policy_due_counts WHERE company_id = ${companyId} AND policy_id = ${policyId}`,
  );
  return c!;
}

/** Recomputes the audiences and counters of one company from scratch (`npm run stats:rebuild`). */
export async function rebuild(tx: Tx, companyId: string) {
  const [r] = await rows<{ n: number }>(tx, sql`SELECT policy_tracking_rebuild(${companyId}::uuid) AS n`);
  return r?.n ?? 0;
}

/** Takes the people whose employment has ended by the company's today out of every policy (migration 0041); how many. */
export async function endedLeave(tx: Tx, companyId: string) {
  const [r] = await rows<{ n: number }>(tx, sql`SELECT policy_ended_sync(${companyId}::uuid) AS n`);
  return r?.n ?? 0;
}

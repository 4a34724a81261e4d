import type { CompanyPageListQuery } from '@wac/shared/schemas/company-pages';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companyToday, containsPattern, employedOn, intLiteral, rows } from '../../db/sql';

export interface CompanyPageRow {
  id: string;
  title: string;
  description: string | null;
  slug: string;
  published: boolean;
  created_at: Date | string;
  version: number;
}
export interface PageUserRow {
  page_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  job_title: string | null;
  avatar: string | null;
  scheduling_enabled: boolean;
  email_enabled: boolean;
  video_call_enabled: boolean;
  /** The membership's own product toggles: a page cannot offer what the person's account does not. */
  m_enabled: boolean;
  /** Their employment has not ended (no end date, or not past in the company's zone). */
  employed: boolean;
  m_scheduling: boolean;
  m_email: boolean;
  m_video: boolean;
}

const COLS = sql`p.id, p.title, p.description, p.slug, p.published, p.created_at, p.version`;

/** Every statement names the company as well: row-level security is the second lock, not the only one. */
const where = (companyId: string, search?: string) =>
  sql`p.company_id = ${companyId}${search ? sql` AND (lower(p.title) LIKE ${containsPattern(search)} OR p.slug LIKE ${containsPattern(search)})` : sql``}`;

const SORTS: Record<CompanyPageListQuery['sort'], SQL> = {
  title: sql`lower(p.title)`,
  createdAt: sql`p.created_at`,
};

export async function list(tx: Tx, companyId: string, q: CompanyPageListQuery) {
  const dir = q.order === 'desc' ? sql`DESC` : sql`ASC`;
  const data = await rows<CompanyPageRow>(
    tx,
    sql`SELECT ${COLS} FROM company_pages p WHERE ${where(companyId, q.search)}
         ORDER BY ${SORTS[q.sort]} ${dir}, p.id ${dir}
         LIMIT ${intLiteral(q.itemsPerPage)} OFFSET ${intLiteral((q.page - 1) * q.itemsPerPage)}`,
  );
  const [c] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM company_pages p WHERE ${where(companyId, q.search)}`,
  );
  return { data, totalItems: c?.n ?? 0 };
}

export async function find(tx: Tx, companyId: string, id: string, lock = false) {
  const [r] = await rows<CompanyPageRow>(
    tx,
    sql`SELECT ${COLS} FROM company_pages p WHERE p.company_id = ${companyId} AND p.id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return r ?? null;
}

/** A published page by its slug (the public page). */
export async function findPublished(tx: Tx, companyId: string, slug: string) {
  const [r] = await rows<CompanyPageRow>(
    tx,
    sql`SELECT ${COLS} FROM company_pages p WHERE p.company_id = ${companyId} AND p.slug = ${slug} AND p.published`,
  );
  return r ?? null;
}

/** The dashboard users of some pages, in order, with their names, job titles and whether they are still here. */
export function usersOf(tx: Tx, companyId: string, pageIds: string[]) {
  if (!pageIds.length) return Promise.resolve([] as PageUserRow[]);
  return rows<PageUserRow>(
    tx,
    sql`SELECT pu.page_id, pu.user_id, u.first_name, u.last_name, e.job_title, u.avatar,
               pu.scheduling_enabled, pu.email_enabled, pu.video_call_enabled,
               m.enabled AS m_enabled, m.scheduling_enabled AS m_scheduling, m.email_enabled AS m_email, m.video_call_enabled AS m_video,
               ${employedOn('e', companyToday('c'))} AS employed
          FROM company_page_users pu
          JOIN companies c ON c.id = pu.company_id
          JOIN memberships m ON m.company_id = pu.company_id AND m.user_id = pu.user_id
          JOIN users u ON u.id = pu.user_id
          LEFT JOIN employees e ON e.company_id = pu.company_id AND e.user_id = pu.user_id
         WHERE pu.company_id = ${companyId} AND pu.page_id IN (${sql.join(
           pageIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         ORDER BY pu.page_id, pu.position`,
  );
}

export async function slugTaken(tx: Tx, companyId: string, slug: string, exceptId: string | null) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM company_pages WHERE company_id = ${companyId} AND slug = ${slug}${exceptId ? sql` AND id <> ${exceptId}` : sql``} LIMIT 1`,
  );
  return r.length > 0;
}

/** How many of these users are members of the company. */
export async function memberCount(tx: Tx, companyId: string, userIds: string[]) {
  if (!userIds.length) return 0;
  const [r] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM memberships WHERE company_id = ${companyId}
         AND user_id IN (${sql.join(
           userIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
  return r?.n ?? 0;
}

export async function insert(
  tx: Tx,
  companyId: string,
  v: { title: string; description: string | null; slug: string; published: boolean },
) {
  const [r] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO company_pages (company_id, title, description, slug, published)
        VALUES (${companyId}, ${v.title}, ${v.description}, ${v.slug}, ${v.published}) RETURNING id`,
  );
  return r!.id;
}

/** Applies a patch when the row is still at `version`; false when someone changed it first. */
export async function update(
  tx: Tx,
  companyId: string,
  id: string,
  version: number,
  v: { title?: string; description?: string | null; slug?: string; published?: boolean },
) {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (v.title !== undefined) sets.push(sql`title = ${v.title}`);
  if (v.description !== undefined) sets.push(sql`description = ${v.description}`);
  if (v.slug !== undefined) sets.push(sql`slug = ${v.slug}`);
  if (v.published !== undefined) sets.push(sql`published = ${v.published}`);
  const r = await rows<{ id: string }>(
    tx,
    sql`UPDATE company_pages SET ${sql.join(sets, sql`, `)}
         WHERE company_id = ${companyId} AND id = ${id} AND version = ${version} RETURNING id`,
  );
  return r.length > 0;
}

/** Replaces a page's dashboard users with this ordered list. */
export async function setUsers(
  tx: Tx,
  companyId: string,
  pageId: string,
  list: { uuid: string; schedulingEnabled: boolean; emailEnabled: boolean; videoCallEnabled: boolean }[],
) {
  await tx.execute(sql`DELETE FROM company_page_users WHERE company_id = ${companyId} AND page_id = ${pageId}`);
  if (!list.length) return;
  await tx.execute(
    sql`INSERT INTO company_page_users
          (company_id, page_id, user_id, position, scheduling_enabled, email_enabled, video_call_enabled)
        VALUES ${sql.join(
          list.map(
            (u, i) =>
              sql`(${companyId}, ${pageId}, ${u.uuid}, ${i}, ${u.schedulingEnabled}, ${u.emailEnabled}, ${u.videoCallEnabled})`,
          ),
          sql`, `,
        )}`,
  );
}

export async function remove(tx: Tx, companyId: string, id: string) {
  await tx.execute(sql`DELETE FROM company_pages WHERE company_id = ${companyId} AND id = ${id}`);
}

/** Pages whose title matches, for the navbar search. */
export function search(tx: Tx, companyId: string, q: string, limit: number) {
  return rows<{ id: string; title: string; slug: string }>(
    tx,
    sql`SELECT id, title, slug FROM company_pages
         WHERE company_id = ${companyId} AND lower(title) LIKE ${containsPattern(q)}
         ORDER BY lower(title), id LIMIT ${intLiteral(limit)}`,
  );
}

/** Titles of some pages (bookmarks). */
export function titles(tx: Tx, companyId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([] as { id: string; title: string; slug: string }[]);
  return rows<{ id: string; title: string; slug: string }>(
    tx,
    sql`SELECT id, title, slug FROM company_pages WHERE company_id = ${companyId}
         AND id IN (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
}

// ---- Received messages ----

export interface MessageRow {
  id: string;
  page_title: string;
  sender_name: string;
  sender_email: string;
  body: string;
  created_at: Date | string;
}

export async function insertMessage(
  tx: Tx,
  companyId: string,
  v: { pageId: string; pageTitle: string; recipient: string; name: string; email: string; body: string },
) {
  const [r] = await rows<MessageRow>(
    tx,
    sql`INSERT INTO page_messages (company_id, page_id, page_title, recipient_user_id, sender_name, sender_email, body)
        VALUES (${companyId}, ${v.pageId}, ${v.pageTitle}, ${v.recipient}, ${v.name}, ${v.email}, ${v.body})
        RETURNING id, page_title, sender_name, sender_email, body, created_at`,
  );
  return r!;
}

export async function messages(tx: Tx, companyId: string, userId: string, page: number, perPage: number) {
  const data = await rows<MessageRow>(
    tx,
    sql`SELECT id, page_title, sender_name, sender_email, body, created_at FROM page_messages
         WHERE company_id = ${companyId} AND recipient_user_id = ${userId}
         ORDER BY created_at DESC, id DESC LIMIT ${intLiteral(perPage)} OFFSET ${intLiteral((page - 1) * perPage)}`,
  );
  const [c] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM page_messages WHERE company_id = ${companyId} AND recipient_user_id = ${userId}`,
  );
  return { data, totalItems: c?.n ?? 0 };
}

// ---- The public page ----

/** A company by its sub-domain (the public page's path names it); read as the system, before any scope. */
export async function companyBySubDomain(tx: Tx, subDomain: string) {
  const [r] = await rows<{ id: string; name: string; sub_domain: string; enabled: boolean }>(
    tx,
    sql`SELECT id, name, sub_domain, enabled FROM companies WHERE sub_domain = ${subDomain}`,
  );
  return r ?? null;
}

/** The address of a member (to mail them a visitor's message); never shown on the page. */
export async function memberEmail(tx: Tx, companyId: string, userId: string) {
  const [r] = await rows<{ email: string; first_name: string }>(
    tx,
    sql`SELECT u.email, u.first_name FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.company_id = ${companyId} AND m.user_id = ${userId} AND m.enabled`,
  );
  return r ?? null;
}

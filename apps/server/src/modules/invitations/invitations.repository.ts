import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { intLiteral, lockUntilCommit, rows } from '../../lib/sql';

export interface InvitationRow {
  id: string;
  company_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  roles: string[];
  status: string;
  expires_at: Date | string;
  created_at: Date | string;
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const COLS = sql`id, company_id, email, first_name, last_name, roles, status, expires_at, created_at`;
const rolesArray = (roles: string[]) =>
  sql`ARRAY[${sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  )}]::text[]`;

/**
 * The company's invitation quota settings: whether it is new (created within `days`) or still in its
 * trial (a lower quota), and the limits the super admin set for it (null: the default).
 */
export async function quotaSettings(tx: Tx, companyId: string, days: number) {
  const [r] = await rows<{ young: boolean; hour: number | null; day: number | null }>(
    tx,
    sql`SELECT (created_at > now() - make_interval(days => ${days})
               OR coalesce(trial_ends_at > now(), false)) AS young,
               invitation_limit_hour AS hour, invitation_limit_day AS day
          FROM companies WHERE id = ${companyId}`,
  );
  return r ?? { young: true, hour: null, day: null };
}

export async function isMemberByEmail(tx: Tx, companyId: string, email: string) {
  const r = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.company_id = ${companyId} AND u.email = ${email} LIMIT 1`,
  );
  return r.length > 0;
}

/** The live pending invitation for an email, locked; expired ones are marked so on the way. */
export async function pendingFor(tx: Tx, companyId: string, email: string) {
  await tx.execute(
    sql`UPDATE invitations SET status = 'expired' WHERE company_id = ${companyId} AND lower(email) = ${email}
          AND status = 'pending' AND expires_at <= now()`,
  );
  const [r] = await rows<InvitationRow>(
    tx,
    sql`SELECT ${COLS} FROM invitations WHERE company_id = ${companyId} AND lower(email) = ${email}
          AND status = 'pending' LIMIT 1 FOR UPDATE`,
  );
  return r ?? null;
}

export async function insert(
  tx: Tx,
  v: {
    companyId: string;
    email: string;
    roles: string[];
    firstName?: string | null;
    lastName?: string | null;
    tokenHash: string;
    invitedBy: string | null;
    expiresAt: Date;
    /** An import's employee record for the person, written when they join. */
    employee?: Record<string, unknown> | null;
  },
) {
  const [r] = await rows<InvitationRow>(
    tx,
    sql`INSERT INTO invitations (company_id, email, roles, first_name, last_name, token_hash, invited_by, expires_at, employee)
        VALUES (${v.companyId}, ${v.email}, ${rolesArray(v.roles)}, ${v.firstName ?? null}, ${v.lastName ?? null},
                ${v.tokenHash}, ${v.invitedBy}, ${v.expiresAt.toISOString()}::timestamptz,
                ${v.employee ? JSON.stringify(v.employee) : null}::jsonb)
        RETURNING ${COLS}`,
  );
  return r!;
}

export async function list(
  tx: Tx,
  companyId: string,
  search: string | undefined,
  sort: 'createdAt' | 'email',
  desc: boolean,
  page: number,
  size: number,
) {
  const filter = sql`company_id = ${companyId} AND status = 'pending'${search ? sql` AND email LIKE ${`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}`;
  const key = sort === 'email' ? sql`email` : sql`created_at`;
  const dir = desc ? sql`DESC` : sql`ASC`;
  const data = await rows<InvitationRow>(
    tx,
    sql`SELECT ${COLS} FROM invitations WHERE ${filter} ORDER BY ${key} ${dir}, id ${dir} LIMIT ${intLiteral(size)} OFFSET ${intLiteral((page - 1) * size)}`,
  );
  const [c] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM invitations WHERE ${filter}`);
  return { data, totalItems: c?.n ?? 0 };
}

export async function findById(tx: Tx, companyId: string, id: string) {
  const [r] = await rows<InvitationRow>(
    tx,
    sql`SELECT ${COLS} FROM invitations WHERE company_id = ${companyId} AND id = ${id} FOR UPDATE`,
  );
  return r ?? null;
}

/** The invitation of a link; `lock` holds it for an acceptance (a read, GET's read-only transaction, must not). */
export async function findByTokenHash(tx: Tx, tokenHash: string, lock = true) {
  const [r] = await rows<
    InvitationRow & {
      company_name: string;
      sub_domain: string;
      logo: string | null;
      company_enabled: boolean;
      inviter_first_name: string | null;
      inviter_last_name: string | null;
      employee: Record<string, unknown> | null;
    }
  >(
    tx,
    // The inviter's name only (never their email); none when they were deleted or for an import without one.
    sql`SELECT i.id, i.company_id, i.email, i.first_name, i.last_name, i.roles, i.status, i.expires_at, i.created_at,
               c.name AS company_name, c.sub_domain, c.logo, c.enabled AS company_enabled,
               u.first_name AS inviter_first_name, u.last_name AS inviter_last_name, i.employee
          FROM invitations i JOIN companies c ON c.id = i.company_id
          LEFT JOIN users u ON u.id = i.invited_by
         WHERE i.token_hash = ${tokenHash} ${lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  return r ?? null;
}

export async function renew(tx: Tx, id: string, tokenHash: string, expiresAt: Date) {
  await tx.execute(
    sql`UPDATE invitations SET token_hash = ${tokenHash}, expires_at = ${expiresAt.toISOString()}::timestamptz WHERE id = ${id}`,
  );
}

export async function setStatus(tx: Tx, id: string, status: string) {
  await tx.execute(sql`UPDATE invitations SET status = ${status}, responded_at = now() WHERE id = ${id}`);
}

export async function findUserByEmail(tx: Tx, email: string) {
  const [r] = await rows<{ id: string; email: string }>(
    tx,
    sql`SELECT id, email FROM users WHERE email = ${email} LIMIT 1`,
  );
  return r ?? null;
}

export async function createUser(
  tx: Tx,
  v: { email: string; firstName: string; lastName: string; passwordHash: string; language: string },
) {
  const [r] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO users (email, first_name, last_name, password_hash, language)
        VALUES (${v.email}, ${v.firstName}, ${v.lastName}, ${v.passwordHash}, ${v.language}) RETURNING id`,
  );
  return r!.id;
}

export async function addMembership(tx: Tx, companyId: string, userId: string, roles: string[]) {
  const r = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO memberships (company_id, user_id, roles) VALUES (${companyId}, ${userId}, ${rolesArray(roles)})
        ON CONFLICT (company_id, user_id) DO NOTHING RETURNING id`,
  );
  return r[0]?.id ?? null;
}

export interface MailTarget {
  id: string;
  email: string;
  status: string;
  token_hash: string;
  name: string;
  sub_domain: string;
}

/** What the mails of many invitations of one company need at sending time, by invitation id. */
export async function mailTargets(tx: Tx, ids: readonly string[]) {
  const found = await rows<MailTarget>(
    tx,
    sql`SELECT i.id, i.email, i.status, i.token_hash, c.name, c.sub_domain
          FROM invitations i JOIN companies c ON c.id = i.company_id
         WHERE i.id IN (${inList(ids)})`,
  );
  return new Map(found.map((r) => [r.id, r]));
}

/**
 * Why each of many addresses cannot be invited now (members, live pending invitations), in one
 * statement per chunk: an import's checks for 100,000 rows. Expired pending invitations are marked
 * so on the way, and live ones are locked, as `pendingFor` does for one address.
 */
/**
 * A list as one text[] parameter: `= ANY(…)` against one array is hashed by the planner, where an
 * `IN ($1, …, $5000)` list under row-level security was compared element by element (11 s a chunk
 * at 100,000 members, against 0.4 s).
 */
const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

export async function refusalsOf(tx: Tx, companyId: string, emails: readonly string[], chunkSize = 5000) {
  const out = new Map<string, 'ALREADY_MEMBER' | 'INVITATION_PENDING'>();
  for (let i = 0; i < emails.length; i += chunkSize) {
    const list = textArray(emails.slice(i, i + chunkSize));
    await tx.execute(
      sql`UPDATE invitations SET status = 'expired' WHERE company_id = ${companyId} AND lower(email) = ANY(${list})
            AND status = 'pending' AND expires_at <= now()`,
    );
    const pending = await rows<{ email: string }>(
      tx,
      sql`SELECT lower(email) AS email FROM invitations WHERE company_id = ${companyId} AND lower(email) = ANY(${list})
            AND status = 'pending' FOR UPDATE`,
    );
    for (const r of pending) out.set(r.email, 'INVITATION_PENDING');
    const members = await rows<{ email: string }>(
      tx,
      // The membership's own copy of the email (kept by trigger, indexed with the company): no join.
      sql`SELECT email FROM memberships WHERE company_id = ${companyId} AND email = ANY(${list})`,
    );
    for (const r of members) out.set(r.email, 'ALREADY_MEMBER');
  }
  return out;
}

export interface NewInvitation {
  email: string;
  roles: string[];
  firstName: string | null;
  lastName: string | null;
  tokenHash: string;
  employee: Record<string, unknown> | null;
}

/** Many invitations of one company, 1,000 per statement; returns each one's id by its token hash. */
export async function insertMany(
  tx: Tx,
  v: { companyId: string; invitedBy: string | null; expiresAt: Date; invitations: readonly NewInvitation[] },
  chunkSize = 1000,
) {
  const ids = new Map<string, string>();
  const expires = v.expiresAt.toISOString();
  for (let i = 0; i < v.invitations.length; i += chunkSize) {
    const values = v.invitations.slice(i, i + chunkSize).map(
      (n) =>
        sql`(${v.companyId}, ${n.email}, ${rolesArray(n.roles)}, ${n.firstName}, ${n.lastName}, ${n.tokenHash},
               ${v.invitedBy}, ${expires}::timestamptz, ${n.employee ? JSON.stringify(n.employee) : null}::jsonb)`,
    );
    const inserted = await rows<{ id: string; token_hash: string }>(
      tx,
      sql`INSERT INTO invitations (company_id, email, roles, first_name, last_name, token_hash, invited_by, expires_at, employee)
          VALUES ${sql.join(values, sql`, `)}
          RETURNING id, token_hash`,
    );
    for (const r of inserted) ids.set(r.token_hash, r.id);
  }
  return ids;
}

/**
 * Holds a company's inviting until the transaction ends: the check that an address is not invited
 * yet and the invitation it allows are one step, so two imports or invites at once (a double click,
 * two admins) cannot both invite the same person.
 */
export async function lockInviting(tx: Tx, companyId: string) {
  await lockUntilCommit(tx, 'invitations', companyId);
}

import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../lib/sql';

export interface ProfileRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  avatar: string | null;
  language: string | null;
  version: number;
}

export async function find(tx: Tx, id: string, lock = false) {
  const [r] = await rows<ProfileRow>(
    tx,
    sql`SELECT id, email, first_name, last_name, phone, avatar, language, version FROM users WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return r ?? null;
}

/** The fields a person may change on their own account; `undefined` leaves a field as it is. */
export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  language?: string | null;
  avatar?: string | null;
}

export async function update(tx: Tx, id: string, patch: ProfilePatch) {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (patch.firstName !== undefined) sets.push(sql`first_name = ${patch.firstName}`);
  if (patch.lastName !== undefined) sets.push(sql`last_name = ${patch.lastName}`);
  if (patch.phone !== undefined) sets.push(sql`phone = ${patch.phone}`);
  if (patch.language !== undefined) sets.push(sql`language = ${patch.language}`);
  if (patch.avatar !== undefined) sets.push(patch.avatar === null ? sql`avatar = NULL` : sql`avatar = ${patch.avatar}`);
  await tx.execute(sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

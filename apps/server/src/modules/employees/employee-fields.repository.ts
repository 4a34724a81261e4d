import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/sql';

export interface FieldRow {
  id: string;
  label: string;
  type: 'text' | 'number' | 'date' | 'select';
  options: string[];
  required: boolean;
  private: boolean;
  self_editable: boolean;
  position: number;
  version: number;
}
const COLS = sql`id, label, type, options, required, private, self_editable, position, version`;

export const list = (tx: Tx, companyId: string) =>
  rows<FieldRow>(
    tx,
    sql`SELECT ${COLS} FROM employee_fields WHERE company_id = ${companyId} ORDER BY position, lower(label), id`,
  );

export async function find(tx: Tx, companyId: string, id: string, lock = false) {
  const [r] = await rows<FieldRow>(
    tx,
    sql`SELECT ${COLS} FROM employee_fields WHERE company_id = ${companyId} AND id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return r ?? null;
}

export async function labelTaken(tx: Tx, companyId: string, label: string, exceptId: string | null) {
  const r = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM employee_fields WHERE company_id = ${companyId} AND lower(label) = lower(${label})${exceptId ? sql` AND id <> ${exceptId}` : sql``}`,
  );
  return r.length > 0;
}

/** A text[] literal of any length (the leading '' keeps an empty list typed). */
const arr = (xs: string[]) => sql`(ARRAY[${sql.join([sql`''`, ...xs.map((x) => sql`${x}`)], sql`, `)}]::text[])[2:]`;

export async function insert(tx: Tx, companyId: string, v: Omit<FieldRow, 'id' | 'version'>) {
  const [r] = await rows<FieldRow>(
    tx,
    sql`INSERT INTO employee_fields (company_id, label, type, options, required, private, self_editable, position)
        VALUES (${companyId}, ${v.label}, ${v.type}, ${arr(v.options)}, ${v.required}, ${v.private}, ${v.self_editable}, ${v.position})
        RETURNING ${COLS}`,
  );
  return r!;
}

export async function update(
  tx: Tx,
  id: string,
  version: number,
  v: Partial<Omit<FieldRow, 'id' | 'version' | 'type'>>,
) {
  const sets: SQL[] = [sql`version = version + 1`];
  if (v.label !== undefined) sets.push(sql`label = ${v.label}`);
  if (v.options !== undefined) sets.push(sql`options = ${arr(v.options)}`);
  if (v.required !== undefined) sets.push(sql`required = ${v.required}`);
  if (v.private !== undefined) sets.push(sql`private = ${v.private}`);
  if (v.self_editable !== undefined) sets.push(sql`self_editable = ${v.self_editable}`);
  if (v.position !== undefined) sets.push(sql`position = ${v.position}`);
  const [r] = await rows<FieldRow>(
    tx,
    sql`UPDATE employee_fields SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND version = ${version} RETURNING ${COLS}`,
  );
  return r ?? null;
}

/** Removes a field and its values from every record of the company. */
export async function remove(tx: Tx, companyId: string, id: string) {
  await tx.execute(sql`DELETE FROM employee_fields WHERE company_id = ${companyId} AND id = ${id}`);
  await tx.execute(
    sql`UPDATE employees SET custom = custom - ${id}::text WHERE company_id = ${companyId} AND custom ? ${id}::text`,
  );
}

export async function settings(tx: Tx, companyId: string) {
  const [r] = await rows<{ self_editable: string[]; version: number }>(
    tx,
    sql`SELECT self_editable, version FROM people_settings WHERE company_id = ${companyId}`,
  );
  return r ?? null;
}

/** Writes the settings at `version` (0: never written); false when someone else wrote them first. */
export async function writeSettings(tx: Tx, companyId: string, version: number, selfEditable: string[]) {
  const r =
    version === 0
      ? await rows<{ v: number }>(
          tx,
          sql`INSERT INTO people_settings (company_id, self_editable) VALUES (${companyId}, ${arr(selfEditable)})
              ON CONFLICT (company_id) DO NOTHING RETURNING version AS v`,
        )
      : await rows<{ v: number }>(
          tx,
          sql`UPDATE people_settings SET self_editable = ${arr(selfEditable)}, version = version + 1
               WHERE company_id = ${companyId} AND version = ${version} RETURNING version AS v`,
        );
  return r.length > 0;
}

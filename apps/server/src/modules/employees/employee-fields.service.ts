import { companyChannel } from '@wac/shared/realtime';
import {
  type CustomFieldCreate,
  type CustomFieldUpdate,
  DateSchema,
  SELF_EDITABLE_FIELDS,
  type SelfEditableField,
} from '@wac/shared/schemas/employees';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as repo from './employee-fields.repository';

/** The custom fields a company defines for its records, and which standard fields members edit themselves. */

export type FieldRow = repo.FieldRow;
export const toField = (r: repo.FieldRow) => ({
  uuid: r.id,
  label: r.label,
  type: r.type,
  options: r.options,
  required: r.required,
  private: r.private,
  selfEditable: r.self_editable,
  position: r.position,
  version: r.version,
});

const DEFAULT_SELF_EDITABLE: SelfEditableField[] = ['workPhone', 'workLocation', 'emergencyContact'];

export const fieldsOf = (tx: Tx, companyId: string) => repo.list(tx, companyId);

export async function selfEditableOf(tx: Tx, companyId: string) {
  const s = await repo.settings(tx, companyId);
  return {
    selfEditable: (s?.self_editable ?? DEFAULT_SELF_EDITABLE).filter((f): f is SelfEditableField =>
      (SELF_EDITABLE_FIELDS as readonly string[]).includes(f),
    ),
    version: s?.version ?? 0,
  };
}

/**
 * Checks custom values against the company's fields: unknown ids, wrong types, options that the field
 * does not offer. Returns the problems as validation issues (path `body.custom.<uuid>`).
 */
/**
 * What is wrong with custom values. A value kept as `stored` holds it is not judged again: an option
 * removed since, or a field's type changed, left every later save of that record refused ("This
 * value is not valid." on a value nobody could see), the person's own included.
 */
export function customIssues(
  fields: repo.FieldRow[],
  values: Record<string, unknown>,
  stored: Record<string, unknown> = {},
) {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const issues: Array<{ path: string; code: string }> = [];
  for (const [id, v] of Object.entries(values)) {
    const f = byId.get(id);
    const path = `body.custom.${id}`;
    if (!f) issues.push({ path, code: 'invalid' });
    else if (v === null || v === stored[id]) continue;
    else if (f.type === 'number' && (typeof v !== 'number' || !Number.isFinite(v)))
      issues.push({ path, code: 'invalid' });
    else if (f.type !== 'number' && typeof v !== 'string') issues.push({ path, code: 'invalid' });
    else if (f.type === 'date' && !DateSchema.safeParse(v).success) issues.push({ path, code: 'invalid' });
    else if (f.type === 'select' && !f.options.includes(v as string)) issues.push({ path, code: 'invalid' });
  }
  return issues;
}

const changed = (ctx: TenantCtx) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'employee-fields' });

export async function list(ctx: TenantCtx) {
  return { data: (await ctx.run((tx) => repo.list(tx, ctx.companyId))).map(toField) };
}

export async function create(ctx: TenantCtx, input: CustomFieldCreate) {
  const row = await ctx.run(async (tx) => {
    if (await repo.labelTaken(tx, ctx.companyId, input.label, null)) throw new AppError('FIELD_LABEL_TAKEN');
    const created = await repo.insert(tx, ctx.companyId, {
      label: input.label,
      type: input.type,
      options: input.type === 'select' ? [...new Set(input.options ?? [])] : [],
      required: input.required ?? false,
      private: input.private ?? false,
      self_editable: input.selfEditable ?? false,
      position: input.position ?? 0,
    });
    await ctx.audit(tx, {
      action: 'employee_field.create',
      targetType: 'employee_field',
      targetId: created.id,
      after: toField(created),
    });
    return created;
  });
  await changed(ctx);
  return toField(row);
}

export async function update(ctx: TenantCtx, { id, version, ...patch }: CustomFieldUpdate & { id: string }) {
  const row = await ctx.run(async (tx) => {
    const current = await repo.find(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.version !== version) throw new AppError('VERSION_CONFLICT');
    if (patch.label !== undefined && (await repo.labelTaken(tx, ctx.companyId, patch.label, id))) {
      throw new AppError('FIELD_LABEL_TAKEN');
    }
    if (patch.options !== undefined && current.type === 'select' && patch.options.length === 0) {
      throw new AppError('VALIDATION_FAILED', [{ path: 'body.options', code: 'required' }]);
    }
    const updated = await repo.update(tx, id, version, {
      label: patch.label,
      options: current.type === 'select' && patch.options ? [...new Set(patch.options)] : undefined,
      required: patch.required,
      private: patch.private,
      self_editable: patch.selfEditable,
      position: patch.position,
    });
    if (!updated) throw new AppError('VERSION_CONFLICT');
    await ctx.audit(tx, {
      action: 'employee_field.update',
      targetType: 'employee_field',
      targetId: id,
      before: toField(current),
      after: toField(updated),
    });
    return updated;
  });
  await changed(ctx);
  return toField(row);
}

export async function remove(ctx: TenantCtx, { id, version }: { id: string; version: number | null }) {
  await ctx.run(async (tx) => {
    const current = await repo.find(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (version !== null && current.version !== version) throw new AppError('VERSION_CONFLICT');
    await repo.remove(tx, ctx.companyId, id);
    await ctx.audit(tx, {
      action: 'employee_field.delete',
      targetType: 'employee_field',
      targetId: id,
      before: toField(current),
    });
  });
  await changed(ctx);
}

export const settings = (ctx: TenantCtx) => ctx.run((tx) => selfEditableOf(tx, ctx.companyId));

export async function updateSettings(ctx: TenantCtx, input: { version: number; selfEditable: SelfEditableField[] }) {
  const result = await ctx.run(async (tx) => {
    const before = await selfEditableOf(tx, ctx.companyId);
    if (before.version !== input.version) throw new AppError('VERSION_CONFLICT');
    const next = [...new Set(input.selfEditable)];
    if (!(await repo.writeSettings(tx, ctx.companyId, input.version, next))) throw new AppError('VERSION_CONFLICT');
    await ctx.audit(tx, {
      action: 'people_settings.update',
      targetType: 'people_settings',
      targetId: ctx.companyId,
      before: { selfEditable: before.selfEditable },
      after: { selfEditable: next },
    });
    return selfEditableOf(tx, ctx.companyId);
  });
  await changed(ctx);
  return result;
}

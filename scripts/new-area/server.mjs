// The files a new area adds to packages/shared and apps/server. `$` below is a backtick-free helper:
// generated code that needs a template literal uses `${'`'}`.
const bt = '`';

export const sharedSchema = (n) => `import { z } from 'zod';
import { ListQuerySchema, pageOf, UuidSchema } from './common';

// The placeholder fields of ${n.words}: a name and a description. Replace them with the area's own
// (docs/adding-an-area.md says where each field goes).
const name = z.string({ message: 'required' }).trim().min(1, 'required').max(100, 'tooLong');
const description = z.string().trim().max(1000, 'tooLong').nullable();

export const ${n.S}ListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'createdAt']).default('name'),
});
export type ${n.S}ListQuery = z.infer<typeof ${n.S}ListQuerySchema>;

export const ${n.S}Schema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type ${n.S} = z.infer<typeof ${n.S}Schema>;
export const ${n.S}PageSchema = pageOf(${n.S}Schema);
export const ${n.S}ParamsSchema = z.object({ uuid: UuidSchema });

export const ${n.S}CreateSchema = z.object({ name, description: description.optional() }).strict();
export type ${n.S}Create = z.infer<typeof ${n.S}CreateSchema>;
export const ${n.S}UpdateSchema = z
  .object({ version: z.number().int().min(1), name: name.optional(), description: description.optional() })
  .strict();
export type ${n.S}Update = z.infer<typeof ${n.S}UpdateSchema>;
`;

export const dbSchema = (n) => `import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** ${n.Words} of a company. Tenant rows: a FORCE row-level-security policy keeps each company to its own. */
export const ${n.pc} = pgTable(
  '${n.table}',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('${n.table}_company_name_idx').on(t.companyId, t.name, t.id),
    index('${n.table}_company_created_idx').on(t.companyId, t.createdAt, t.id),
  ],
);
`;

/** Appended to the generated migration: the same policy as every tenant table (see 0002_admin.sql). */
export const rlsSql = (n) => `
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ${n.table} TO wac_app;
--> statement-breakpoint
ALTER TABLE ${n.table} ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ${n.table} FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY ${n.table}_scope ON ${n.table}
  USING ((SELECT app_is_system()) OR company_id = (SELECT app_company_id()));
`;

export const repository = (n) => `import type { ${n.S}ListQuery } from '@wac/shared/schemas/${n.p}';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ${n.pc} } from '../../db/schema/index';
import { containsPattern } from '../../db/sql';

export type ${n.S}Row = typeof ${n.pc}.$inferSelect;

/** Every statement names the company as well: row-level security is the second lock, not the only one. */
const inCompany = (companyId: string) => eq(${n.pc}.companyId, companyId);

export async function list(tx: Tx, companyId: string, q: ${n.S}ListQuery) {
  const where = q.search
    ? and(inCompany(companyId), ilike(${n.pc}.name, containsPattern(q.search)))
    : inCompany(companyId);
  const dir = q.order === 'desc' ? desc : asc;
  const key = q.sort === 'createdAt' ? ${n.pc}.createdAt : ${n.pc}.name;
  const data = await tx
    .select()
    .from(${n.pc})
    .where(where)
    .orderBy(dir(key), dir(${n.pc}.id))
    .limit(q.itemsPerPage)
    .offset((q.page - 1) * q.itemsPerPage);
  const [total] = await tx.select({ n: count() }).from(${n.pc}).where(where);
  return { data, totalItems: total?.n ?? 0 };
}

export async function find(tx: Tx, companyId: string, id: string, lock = false) {
  const query = tx
    .select()
    .from(${n.pc})
    .where(and(inCompany(companyId), eq(${n.pc}.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insert(tx: Tx, companyId: string, values: { name: string; description: string | null }) {
  const [row] = await tx
    .insert(${n.pc})
    .values({ companyId, ...values })
    .returning();
  return row!;
}

/** Applies a patch when the row is still at \`version\`; null when someone changed it first. */
export async function update(
  tx: Tx,
  id: string,
  version: number,
  patch: { name?: string; description?: string | null },
) {
  const [row] = await tx
    .update(${n.pc})
    .set({ ...patch, version: sql${bt}\${${n.pc}.version} + 1${bt}, updatedAt: new Date() })
    .where(and(eq(${n.pc}.id, id), eq(${n.pc}.version, version)))
    .returning();
  return row ?? null;
}

export async function remove(tx: Tx, id: string) {
  await tx.delete(${n.pc}).where(eq(${n.pc}.id, id));
}
`;

export const service = (n) => `import { companyChannel } from '@wac/shared/realtime';
import type { ${n.S}Create, ${n.S}ListQuery, ${n.S}Update } from '@wac/shared/schemas/${n.p}';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import * as repo from './${n.p}.repository';

/** ${n.Words}: the rules of the area. Every function is (ctx, input): a route, a job and the seed call it alike. */

const to${n.S} = (r: repo.${n.S}Row) => ({
  uuid: r.id,
  name: r.name,
  description: r.description,
  createdAt: iso(r.createdAt)!,
  version: r.version,
});
const snapshot = (r: repo.${n.S}Row) => ({ name: r.name, description: r.description });

/** Open listings of this company refetch. */
const changed = (ctx: TenantCtx) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: '${n.p}' });

export async function list(ctx: TenantCtx, q: ${n.S}ListQuery) {
  const { data, totalItems } = await ctx.run((tx) => repo.list(tx, ctx.companyId, q));
  return pageOf(q, data.map(to${n.S}), totalItems);
}

export async function get(ctx: TenantCtx, id: string) {
  const row = await ctx.run((tx) => repo.find(tx, ctx.companyId, id));
  if (!row) throw new AppError('NOT_FOUND');
  return to${n.S}(row);
}

export async function create(ctx: TenantCtx, input: ${n.S}Create) {
  const row = await ctx.run(async (tx) => {
    const created = await repo.insert(tx, ctx.companyId, {
      name: input.name,
      description: input.description ?? null,
    });
    await ctx.audit(tx, {
      action: '${n.sc}.create',
      targetType: '${n.sc}',
      targetId: created.id,
      after: snapshot(created),
    });
    return created;
  });
  await changed(ctx);
  return to${n.S}(row);
}

export async function update(ctx: TenantCtx, { id, version, ...patch }: ${n.S}Update & { id: string }) {
  const row = await ctx.run(async (tx) => {
    const current = await repo.find(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.version !== version) throw new AppError('VERSION_CONFLICT');
    const updated = await repo.update(tx, id, version, patch);
    if (!updated) throw new AppError('VERSION_CONFLICT');
    await ctx.audit(tx, {
      action: '${n.sc}.update',
      targetType: '${n.sc}',
      targetId: id,
      before: snapshot(current),
      after: snapshot(updated),
    });
    return updated;
  });
  await changed(ctx);
  return to${n.S}(row);
}

export async function remove(ctx: TenantCtx, { id, version }: { id: string; version: number | null }) {
  await ctx.run(async (tx) => {
    const current = await repo.find(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (version !== null && current.version !== version) throw new AppError('VERSION_CONFLICT');
    await repo.remove(tx, id);
    await ctx.audit(tx, { action: '${n.sc}.delete', targetType: '${n.sc}', targetId: id, before: snapshot(current) });
  });
  await changed(ctx);
}
`;

export const routes = (n) => `import {
  ${n.S}CreateSchema,
  ${n.S}ListQuerySchema,
  ${n.S}PageSchema,
  ${n.S}ParamsSchema,
  ${n.S}Schema,
  ${n.S}UpdateSchema,
} from '@wac/shared/schemas/${n.p}';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteQuerySchema, errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as service from './${n.p}.service';

const tags = ['${n.p}'];
const security = [{ bearer: [] }];

/** ${n.Words} of the Host's company: every member reads them, its admins write them. */
const ${n.pc}Routes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', '${n.subject}');
  const write = app.authorize('write', '${n.subject}');

  app.get(
    '/api/${n.p}',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: '${n.Words}: paged, searched, sorted',
        querystring: ${n.S}ListQuerySchema,
        response: { 200: ${n.S}PageSchema, ...errors },
      },
    },
    (request) => service.list(tenantOf(request), request.query),
  );
  app.post(
    '/api/${n.p}',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Create ${n.word.match(/^[aeiou]/) ? 'an' : 'a'} ${n.word}',
        body: ${n.S}CreateSchema,
        response: { 201: ${n.S}Schema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
  );
  app.get(
    '/api/${n.p}/:uuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'One ${n.word}',
        params: ${n.S}ParamsSchema,
        response: { 200: ${n.S}Schema, ...errors },
      },
    },
    (request) => service.get(tenantOf(request), request.params.uuid),
  );
  app.patch(
    '/api/${n.p}/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Edit ${n.word.match(/^[aeiou]/) ? 'an' : 'a'} ${n.word} (optimistic version)',
        params: ${n.S}ParamsSchema,
        body: ${n.S}UpdateSchema,
        response: { 200: ${n.S}Schema, ...errors },
      },
    },
    (request) => service.update(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.delete(
    '/api/${n.p}/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Delete ${n.word.match(/^[aeiou]/) ? 'an' : 'a'} ${n.word}',
        params: ${n.S}ParamsSchema,
        querystring: DeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(tenantOf(request), { id: request.params.uuid, version: request.query.version ?? null });
      return reply.status(204).send(null);
    },
  );
};
export default ${n.pc}Routes;
`;

export const apiTest = (n) => `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createCompany, createUser } from '../../db/seed/factories';
import { createCtx, forCompany } from '../../lib/context';
import { call, createTestApp, type TestContext, tokenFor } from '../../test/harness';
import * as service from './${n.p}.service';

let t: TestContext;
let ids: { acme: string; globex: string };
let admin: string;
let member: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme', subDomain: 'acme' });
    const globex = await createCompany(tx, { name: 'Globex', subDomain: 'globex' });
    const a = await createUser(tx, { email: 'admin@acme.test' });
    const m = await createUser(tx, { email: 'member@acme.test' });
    const g = await createUser(tx, { email: 'admin@globex.test' });
    await addMembership(tx, acme.id, a.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, m.id);
    await addMembership(tx, globex.id, g.id, { roles: ['admin'] });
    return { acme: acme.id, globex: globex.id, a: a.id, m: m.id, g: g.id };
  });
  ids = { acme: made.acme, globex: made.globex };
  admin = (await tokenFor(t.app, made.a, made.acme)).token;
  member = (await tokenFor(t.app, made.m, made.acme)).token;
  otherAdmin = (await tokenFor(t.app, made.g, made.globex)).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const req = (method: Method, url: string, payload?: object, token = admin, host = 'acme', lang = 'en') =>
  call(t.app, { method, url, host, token, payload, headers: { 'accept-language': lang } });

/** What acme holds, read the way a job would: a context built without a request. */
const acmeRows = async () =>
  (
    await service.list(forCompany(createCtx(t.app), ids.acme), {
      page: 1,
      itemsPerPage: 100,
      sort: 'name',
      order: 'asc',
    })
  ).data;

describe('${n.p}', () => {
  it('creates, reads, lists, edits and deletes (company admin)', async () => {
    const created = await req('POST', '/api/${n.p}', { name: 'First', description: 'One' });
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ name: 'First', description: 'One', version: 1 });

    expect((await req('GET', ${bt}/api/${n.p}/\${row.uuid}${bt})).json()).toEqual(row);
    const list = (await req('GET', '/api/${n.p}?search=firs')).json();
    expect(list).toMatchObject({ page: 1, totalItems: 1, data: [{ uuid: row.uuid }] });

    const edited = await req('PATCH', ${bt}/api/${n.p}/\${row.uuid}${bt}, { version: 1, name: 'Renamed' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Renamed', description: 'One', version: 2 });

    const removed = await req('DELETE', ${bt}/api/${n.p}/\${row.uuid}?version=2${bt});
    expect(removed.statusCode).toBe(204);
    expect((await req('GET', ${bt}/api/${n.p}/\${row.uuid}${bt})).statusCode).toBe(404);
  });

  it('answers bad input with a translated 400 and a stale version with 409, changing nothing', async () => {
    const before = await acmeRows();
    const en = await req('POST', '/api/${n.p}', { name: '' });
    const de = await req('POST', '/api/${n.p}', { name: '' }, admin, 'acme', 'de');
    expect([en.statusCode, de.statusCode]).toEqual([400, 400]);
    expect(en.json().code).toBe('VALIDATION_FAILED');
    expect(de.json().message).not.toBe(en.json().message);
    expect((await req('POST', '/api/${n.p}', { name: 'x', extra: 1 })).statusCode).toBe(400);

    const row = (await req('POST', '/api/${n.p}', { name: 'Versioned' })).json();
    const stale = await req('PATCH', ${bt}/api/${n.p}/\${row.uuid}${bt}, { version: 7, name: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await acmeRows()).map((r) => r.name)).toEqual([...before.map((r) => r.name), 'Versioned'].sort());
  });

  it('lets a member read but refuses every write, and nothing changes', async () => {
    const row = (await req('POST', '/api/${n.p}', { name: 'Read only' })).json();
    const before = await acmeRows();
    expect((await req('GET', '/api/${n.p}', undefined, member)).statusCode).toBe(200);
    expect((await req('GET', ${bt}/api/${n.p}/\${row.uuid}${bt}, undefined, member)).statusCode).toBe(200);
    const writes = [
      await req('POST', '/api/${n.p}', { name: 'Nope' }, member),
      await req('PATCH', ${bt}/api/${n.p}/\${row.uuid}${bt}, { version: 1, name: 'Nope' }, member),
      await req('DELETE', ${bt}/api/${n.p}/\${row.uuid}${bt}, undefined, member),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect(writes.every((r) => r.json().code === 'FORBIDDEN')).toBe(true);
    expect(await acmeRows()).toEqual(before);
  });

  it("shows another company nothing of this one's", async () => {
    const row = (await req('POST', '/api/${n.p}', { name: 'Acme only' })).json();
    const before = await acmeRows();
    const list = await req('GET', '/api/${n.p}', undefined, otherAdmin, 'globex');
    expect(list.json()).toMatchObject({ totalItems: 0, data: [] });
    const url = ${bt}/api/${n.p}/\${row.uuid}${bt};
    expect((await req('GET', url, undefined, otherAdmin, 'globex')).statusCode).toBe(404);
    expect((await req('PATCH', url, { version: 1, name: 'Taken' }, otherAdmin, 'globex')).statusCode).toBe(404);
    expect((await req('DELETE', url, undefined, otherAdmin, 'globex')).statusCode).toBe(404);
    // Its token is for its own host: on acme's it is refused before anything is read.
    expect((await req('GET', url, undefined, otherAdmin, 'acme')).statusCode).toBe(401);
    expect(await acmeRows()).toEqual(before);
  });

  it('serves a job or the seed through the same service, audited, without a request', async () => {
    const ctx = forCompany(createCtx(t.app), ids.acme);
    const made = await service.create(ctx, { name: 'From a job' });
    expect(await service.get(ctx, made.uuid)).toEqual(made);
    const globex = forCompany(createCtx(t.app), ids.globex);
    await expect(service.get(globex, made.uuid)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
`;

export const matrixTest = (n) => `import { createCtx, forCompany } from '../../lib/context';
import type { Cell, MatrixRoute } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';
import * as service from './${n.p}.service';

/** Every active member of the company reads; nobody else, and nothing on another company's host. */
const reads = {
  signedOut: [401, 401],
  member: [200, 403],
  admin: [200, 403],
  disabledMember: [403, 403],
  nonMember: [403, 403],
  superAdmin: [403, 403],
  superAdminWrite: [403, 403],
} as const;
/** Only the company's admins write. */
const writes = (ok: number) => ({ ...reads, member: [403, 403], admin: [ok, 403] }) as const;

/** A fresh row of the own company per cell, made the way a job would (no request). */
const existing = async ({ app, world, n }: Cell) =>
  (await service.create(forCompany(createCtx(app), world.companies.own.id), { name: ${bt}Matrix \${n}${bt} })).uuid;

const matrix: MatrixRoute[] = [
  { route: 'GET /api/${n.p}', request: () => ({ url: '/api/${n.p}' }), expect: reads },
  {
    route: 'POST /api/${n.p}',
    request: ({ n }) => ({ url: '/api/${n.p}', payload: { name: ${bt}Cell \${n}${bt} } }),
    expect: writes(201),
  },
  {
    route: 'GET /api/${n.p}/{uuid}',
    request: async (cell) => ({ url: ${bt}/api/${n.p}/\${await existing(cell)}${bt} }),
    expect: reads,
  },
  {
    route: 'PATCH /api/${n.p}/{uuid}',
    request: async (cell) => ({
      url: ${bt}/api/${n.p}/\${await existing(cell)}${bt},
      payload: { version: 1, name: ${bt}Renamed \${cell.n}${bt} },
    }),
    expect: writes(200),
  },
  {
    route: 'DELETE /api/${n.p}/{uuid}',
    request: async (cell) => ({ url: ${bt}/api/${n.p}/\${await existing(cell)}?version=1${bt} }),
    expect: writes(204),
  },
];

describeMatrix('${n.p} authorization matrix', matrix, (route) => isUnder(route, '/api/${n.p}'));
`;

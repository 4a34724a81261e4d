import { randomBytes } from 'node:crypto';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { invitations } from '../../db/schema/index';
import { addMembership, createCompany, createTeam, createUser } from '../../db/seed/factories';
import { hostOf, tokenFor } from '../harness';

/**
 * Fuzzing from the contract: every operation of `/api/docs.json`, with valid, boundary and
 * invalid params, queries and bodies generated from its own schemas, sent by every kind of caller
 * on their own company, on a foreign company and on the base domain. Each answer must be below
 * 500, be a documented status, match the documented schema of that status, and hold none of the
 * foreign company's data (recognisable markers seeded there).
 */

type Schema = Record<string, unknown> & {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

interface Operation {
  method: string;
  path: string;
  params: Array<{ name: string; in: string; required?: boolean; schema: Schema }>;
  body?: Schema;
  multipart: boolean;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export interface Caller {
  name: string;
  /** Sub-domain of the Host; null for the base domain. */
  host: string | null;
  user: 'anonymous' | 'member' | 'admin' | 'super';
  /** Whether the foreign company's data may legitimately appear (the platform's super admin). */
  mayReadForeign: boolean;
}

export const CALLERS: Caller[] = [
  { name: 'anonymous@own', host: 'acme', user: 'anonymous', mayReadForeign: false },
  { name: 'anonymous@foreign', host: 'globex', user: 'anonymous', mayReadForeign: false },
  { name: 'anonymous@base', host: null, user: 'anonymous', mayReadForeign: false },
  { name: 'member@own', host: 'acme', user: 'member', mayReadForeign: false },
  { name: 'member@foreign', host: 'globex', user: 'member', mayReadForeign: false },
  { name: 'admin@own', host: 'acme', user: 'admin', mayReadForeign: false },
  { name: 'admin@foreign', host: 'globex', user: 'admin', mayReadForeign: false },
  { name: 'admin@base', host: null, user: 'admin', mayReadForeign: false },
  { name: 'super@own', host: 'acme', user: 'super', mayReadForeign: true },
  { name: 'super@foreign', host: 'globex', user: 'super', mayReadForeign: true },
  { name: 'super@base', host: null, user: 'super', mayReadForeign: true },
];

export interface Violation {
  kind: 'server error' | 'undocumented status' | 'schema mismatch' | 'foreign data';
  operation: string;
  caller: string;
  status: number;
  request: string;
  detail: string;
}

export interface FuzzReport {
  operations: number;
  requests: number;
  byStatus: Record<string, number>;
  violations: Violation[];
  /** 5xx answers to requests holding a NUL character (reported apart: fixed in the shared schemas). */
  nulServerErrors: string[];
}

export interface FuzzOptions {
  /** Generated requests per operation, caller and kind (valid, invalid). */
  runs: number;
  seed: number;
  /** Also send strings with NUL characters (their 5xx are reported in `nulServerErrors`). */
  withNul?: boolean;
  /** Stop starting new operations after this long. */
  budgetMs?: number;
}

const MARKER = `zqxmark${randomBytes(3).toString('hex')}`;

interface Fixtures {
  companyIds: Record<'acme' | 'globex', string>;
  users: Record<'member' | 'admin' | 'super', string>;
  /** Values for path parameters: real ids of both companies (never the callers'), and junk. */
  ids: string[];
}

async function seed(app: FastifyInstance): Promise<Fixtures> {
  return app.db.system(async (tx) => {
    const acme = await createCompany(tx, { name: 'Acme Corp', subDomain: 'acme' });
    const globex = await createCompany(tx, {
      name: 'Globex',
      subDomain: 'globex',
      description: `Globex ${MARKER} description`,
    });
    const admin = await createUser(tx, { email: 'ann@acme-corp.com', firstName: 'Ann' });
    const member = await createUser(tx, { email: 'max@acme-corp.com', firstName: 'Max' });
    const sup = await createUser(tx, { email: 'sue@platform.example.org', firstName: 'Sue', roles: ['super_admin'] });
    await addMembership(tx, acme.id, admin.id, { roles: ['admin'] });
    await addMembership(tx, acme.id, member.id);
    const victims = [];
    for (let i = 0; i < 3; i++) {
      const v = await createUser(tx, { email: `victim${i}@acme-corp.com` });
      await addMembership(tx, acme.id, v.id, { roles: i === 0 ? ['admin'] : ['member'] });
      victims.push(v.id);
    }
    const foreign = [];
    for (let i = 0; i < 3; i++) {
      const f = await createUser(tx, {
        email: `${MARKER}${i}@globex-corp.com`,
        firstName: `${MARKER}First`,
        lastName: `${MARKER}Last`,
      });
      await addMembership(tx, globex.id, f.id, { roles: i === 0 ? ['admin'] : ['member'] });
      foreign.push(f.id);
    }
    const acmeTeam = await createTeam(tx, acme.id, { name: 'Design' });
    const globexTeam = await createTeam(tx, globex.id, { name: `Team ${MARKER}` });
    const [acmeInv] = await tx
      .insert(invitations)
      .values({
        companyId: acme.id,
        email: 'invitee@acme-corp.com',
        roles: ['member'],
        tokenHash: randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + 86_400_000),
      } as never)
      .returning();
    const [globexInv] = await tx
      .insert(invitations)
      .values({
        companyId: globex.id,
        email: `${MARKER}-invitee@globex-corp.com`,
        roles: ['member'],
        tokenHash: randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + 86_400_000),
      } as never)
      .returning();
    const idOf = (row: unknown) => (row as { id: string }).id;
    return {
      companyIds: { acme: acme.id, globex: globex.id },
      users: { member: member.id, admin: admin.id, super: sup.id },
      ids: [
        ...victims,
        ...foreign,
        idOf(acmeTeam),
        idOf(globexTeam),
        idOf(acmeInv),
        idOf(globexInv),
        acme.id,
        globex.id,
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
      ],
    };
  });
}

const JUNK_IDS = ['not-a-uuid', 'x'.repeat(250), '..%2F..%2Fetc', '%F0%9F%92%A9', '1', '-1', 'null', '%20'];
const STRINGS = ['', ' ', 'a', 'Fuzz-Pass-2026!x', 'ann@acme-corp.com', '<script>', "' or 1=1 --", 'é😀مرحبا', '%s%n'];

function noNul(v: unknown) {
  return !JSON.stringify(v ?? null).includes('\\u0000');
}

/** Values a schema accepts, edges included (lengths and ranges at their limits). */
function valid(schema: Schema, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const base = validNonNull(schema, ids, depth);
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function validNonNull(schema: Schema, ids: string[], depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => valid(s, ids, depth)));
  if (schema.allOf?.length) return valid(schema.allOf[0]!, ids, depth);
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (schema.format === 'email') {
        return fc.oneof(
          fc.integer({ min: 0, max: 1e6 }).map((n) => `fuzz-${n}@acme-corp.com`),
          fc.emailAddress(),
          fc.constantFrom('ann@acme-corp.com', 'max@acme-corp.com', 'victim1@acme-corp.com'),
        );
      }
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 80, 5_000);
      return fc.oneof(
        fc.string({ minLength: min, maxLength: Math.min(max, min + 40) }),
        fc.constantFrom(...STRINGS).filter((s) => s.length >= min && s.length <= max),
        fc.constant('x'.repeat(max)),
        fc.constant('y'.repeat(min)),
      );
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      const int = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) });
      return fc.oneof(int, fc.constantFrom(min, max));
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? valid(schema.items, ids, depth + 1) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object': {
      if (!schema.properties || depth > 4)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 });
      const props = Object.fromEntries(
        Object.entries(schema.properties).map(([k, s]) => [k, valid(s, ids, depth + 1)]),
      );
      return fc.record(props, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values a schema refuses (most of the time): wrong types, missing or extra keys, out-of-range. */
function invalid(schema: Schema | undefined, ids: string[], withNul: boolean): fc.Arbitrary<unknown> {
  const text = withNul ? fc.string({ unit: 'binary', maxLength: 300 }) : fc.string({ maxLength: 300 });
  const junk = fc.oneof(
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
    fc.integer(),
    fc.double(),
    text,
    fc.jsonValue({ maxDepth: 3 }),
    fc.constant('z'.repeat(100_000)),
  );
  if (schema?.type !== 'object' || !schema.properties) return junk;
  const good = valid(schema, ids) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(schema.properties);
  return fc.oneof(
    junk,
    fc.tuple(good, fc.constantFrom(...keys)).map(([v, k]) => {
      const copy = { ...v };
      delete copy[k];
      return copy;
    }),
    fc.tuple(good, fc.constantFrom(...keys), junk).map(([v, k, bad]) => ({ ...v, [k]: bad })),
    fc.tuple(good, text).map(([v, s]) => ({ ...v, [`extra${s.slice(0, 5)}`]: s })),
    good.map((v) => ({ ...v, __proto__: { admin: true }, constructor: { prototype: { x: 1 } } })),
  );
}

function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters as Operation['params']) ?? [],
        body: content?.['application/json']?.schema,
        multipart:
          !!content?.['multipart/form-data'] ||
          path.endsWith('/import') ||
          path.endsWith('/preview') ||
          path.endsWith('/logo') ||
          path.endsWith('/avatar'),
        responses: (op.responses as Operation['responses']) ?? {},
      });
    }
  }
  return ops;
}

interface Case {
  kind: 'valid' | 'invalid';
  pathValues: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  rawBody?: string;
}

function caseArbitrary(op: Operation, ids: string[], withNul: boolean): fc.Arbitrary<Case> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        p.schema.format === 'uuid'
          ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, fc.constantFrom(...JUNK_IDS), fc.uuid())
          : fc.oneof(fc.string({ minLength: 1, maxLength: 130 }), fc.constantFrom(...JUNK_IDS)),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const queryValid = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valid(p.schema, ids)])), {
    requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
  });
  const queryInvalid = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [
        p.name,
        fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constant('9'.repeat(40))),
      ]),
    ),
    { requiredKeys: [] },
  );
  const body = op.body ? valid(op.body, ids) : fc.constant(undefined);
  const validCase = fc.record({
    kind: fc.constant('valid' as const),
    pathValues: pathArb,
    query: queryValid,
    body,
  });
  const invalidCase = fc.record({
    kind: fc.constant('invalid' as const),
    pathValues: pathArb,
    query: fc.oneof(queryValid, queryInvalid),
    body: op.body || op.method !== 'GET' ? invalid(op.body, ids, withNul) : fc.constant(undefined),
    rawBody: fc.option(fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '\u00ff\u00fe'), { nil: undefined }),
  });
  const both = fc.oneof(validCase, invalidCase) as fc.Arbitrary<Case>;
  return withNul ? both : both.filter(noNul);
}

function queryString(q: Record<string, unknown>) {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      parts.push(
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof item === 'object' ? JSON.stringify(item) : String(item))}`,
      );
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * OpenAPI 3.0 lets `nullable` stand beside `anyOf` without a `type` (zod writes a nullable union
 * so); JSON Schema, and so ajv, wants the null as one more alternative.
 */
function typedNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(typedNullables);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = typedNullables(v);
  if (out.nullable === true && out.type === undefined) {
    const { nullable: _nullable, ...rest } = out;
    return { anyOf: [rest, { type: 'null' }] };
  }
  return out;
}

export async function fuzzContract(app: FastifyInstance, opts: FuzzOptions): Promise<FuzzReport> {
  const fixtures = await seed(app);
  const doc = (await app.inject({ method: 'GET', url: '/api/docs.json', headers: { host: 'localhost' } })).json();
  const ops = operations(doc);
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();
  const validate = (schema: Schema) => {
    let v = validators.get(schema);
    if (!v) {
      v = ajv.compile(typedNullables(schema) as Schema);
      validators.set(schema, v);
    }
    return v;
  };

  const report: FuzzReport = { operations: ops.length, requests: 0, byStatus: {}, violations: [], nulServerErrors: [] };
  const started = Date.now();
  const seen = new Set<string>();
  const violation = (v: Violation) => {
    const key = `${v.kind} ${v.operation} ${v.caller} ${v.status}`;
    if (seen.has(key)) return;
    seen.add(key);
    report.violations.push(v);
  };

  const tokens = new Map<string, string>();
  for (const [i, op] of ops.entries()) {
    if (opts.budgetMs && Date.now() - started > opts.budgetMs) break;
    const opName = `${op.method} ${op.path}`;
    for (const [j, caller] of CALLERS.entries()) {
      const cases = fc.sample(caseArbitrary(op, fixtures.ids, !!opts.withNul), {
        numRuns: opts.runs,
        seed: opts.seed + i * 1_000 + j,
      });
      for (const c of cases) {
        let token = tokens.get(caller.name);
        if (!token && caller.user !== 'anonymous') {
          const companyId = caller.host ? fixtures.companyIds[caller.host as 'acme' | 'globex'] : null;
          token = (
            await tokenFor(app, fixtures.users[caller.user], companyId, caller.user === 'super' ? ['super_admin'] : [])
          ).token;
          tokens.set(caller.name, token);
        }
        let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(c.pathValues[name] ?? 'x'));
        url += queryString(c.query);
        const payload = c.rawBody ?? (c.body === undefined ? undefined : JSON.stringify(c.body));
        const res = await app.inject({
          method: op.method as never,
          url,
          headers: {
            host: hostOf(caller.host),
            accept: 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        report.requests += 1;
        report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
        const request = `${op.method} ${url.slice(0, 200)} ${payload ? payload.slice(0, 200) : ''}`.trim();
        const base = { operation: opName, caller: caller.name, status: res.statusCode, request };
        if (res.statusCode >= 500) {
          if (payload?.includes('\\u0000') || url.includes('%00'))
            report.nulServerErrors.push(`${request} → ${res.statusCode}`);
          else violation({ ...base, kind: 'server error', detail: res.body.slice(0, 300) });
        } else {
          const documented = op.responses[String(res.statusCode)] ?? op.responses.default;
          if (!documented) violation({ ...base, kind: 'undocumented status', detail: res.body.slice(0, 200) });
          const schema = documented?.content?.['application/json']?.schema;
          const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
          if (schema && isJson && res.statusCode !== 204) {
            const check = validate(schema);
            if (!check(res.json())) {
              violation({ ...base, kind: 'schema mismatch', detail: ajv.errorsText(check.errors).slice(0, 300) });
            }
          }
        }
        if (!caller.mayReadForeign && res.body.toLowerCase().includes(MARKER)) {
          violation({ ...base, kind: 'foreign data', detail: res.body.slice(0, 300) });
        }
        // Keep the callers able to act: a session a case ended is replaced, and what a write changed
        // about them or their companies is undone.
        if (res.statusCode === 401) tokens.delete(caller.name);
        if (op.method === 'GET' || res.statusCode >= 300) continue;
        await app.db.system(async (tx) => {
          await tx.execute(sql`update companies set enabled = true where not enabled`);
          await tx.execute(
            sql`update memberships set enabled = true where not enabled and user_id in (${fixtures.users.admin}, ${fixtures.users.member})`,
          );
        });
      }
    }
  }
  return report;
}

export function summarize(report: FuzzReport) {
  const statuses = Object.entries(report.byStatus)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  return `${report.operations} operations × ${CALLERS.length} callers, ${report.requests} requests (${statuses}); violations ${report.violations.length}; 5xx on NUL input ${report.nulServerErrors.length}`;
}

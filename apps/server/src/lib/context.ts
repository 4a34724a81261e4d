import { isDeepStrictEqual } from 'node:util';
import type { AuditAction } from '@wac/shared/audit';
import type { Language } from '@wac/shared/constants';
import type { RealtimeMessage } from '@wac/shared/realtime';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import type { ContextCheck } from '../db/request-context';
import { auditLog } from '../db/schema/index';
import type { Bus } from './bus';
import { AppError } from './errors';
import type { Mailer } from './mail';
import type { Presence } from './presence';
import type { TokenService } from './tokens';

/** Independent reads of one transaction side by side (their statements pipelined on PostgreSQL). */
export { concurrently } from '../db/scope';

/** The process-wide parts a service may use. The Fastify app has them all; a job or the seed passes its own. */
export interface Infra {
  config: Config;
  db: Database;
  bus: Bus;
  mailer: Mailer;
  tokens: TokenService;
  /** Who is connected (the app has it; a job or the seed may not, and then everyone is offline). */
  presence?: Presence;
  log: { info(msg: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/** Who acts: a signed-in user from a request, or nobody (a job, the seed, a public flow). */
export interface Actor {
  userId: string | null;
  /** The session the request came with; null outside a signed-in request. */
  sessionId: string | null;
  globalRoles: string[];
  ip: string | null;
  userAgent: string | null;
  /** The language of messages and mails this operation sends. */
  lang: Language;
}

/** The company of the Host a request came to. */
export interface HostCompany {
  id: string;
  subDomain: string;
  name: string;
  enabled: boolean;
}

export interface AuditEntry {
  /** One of the shared AUDIT_ACTIONS: the console writes each as a sentence in the reader's language. */
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  /** Defaults to the context's company; null for platform-level writes. */
  companyId?: string | null;
  /**
   * Who acted, when not the context's actor: a person whose account the same transaction created
   * (an invitation accepted as a new person, signed in by nobody yet).
   */
  actorUserId?: string;
}

/**
 * Everything a service function needs besides its input: who acts, in which company, and how it
 * reaches the database, the audit log and the real-time bus. Every service function is
 * `(ctx, input)`, so a route, a job, the seed and a test call it the same way.
 */
export interface Ctx {
  infra: Infra;
  actor: Actor;
  /** The company of the Host; null on the base domain and outside a request. */
  host: HostCompany | null;
  /** The company this operation acts on (the Host's, or the one a super admin picked); row-level security is scoped to it. */
  companyId: string | null;
  /** Runs fn in one transaction as the row-level-security role, scoped to `companyId` and the actor. */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * As `run`, for an admin's bulk change whose statements may write a row per member of a large
   * company (a policy for everyone): each statement may take up to a minute, not the usual 5 s.
   */
  runBulk<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs fn as the actor alone, in no company: for a user's own rows (their join requests, their profile). */
  runOwn<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs fn in a transaction that may read across companies (sign-in flows, platform reads). */
  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Records a write in the audit log, in the same transaction as the write (several: one statement per 500). */
  audit(tx: Tx, entry: AuditEntry | AuditEntry[]): Promise<void>;
  /** Publishes a real-time message after the write committed. */
  publish(channel: string, message: RealtimeMessage): Promise<void>;
  /** The request's remembered context, proved by the first transaction that runs (decision 026). */
  check?: ContextCheck;
  /** A read (a GET): its transactions begin read-only (decision 027); `runBulk` never does. */
  readOnly?: boolean;
}

/** A context bound to one company. */
export interface TenantCtx extends Ctx {
  companyId: string;
}

export interface CtxInit {
  actor?: Partial<Actor>;
  host?: HostCompany | null;
  /** Defaults to the Host's company. */
  companyId?: string | null;
  /** A request's remembered context: every transaction of this context checks it until one has. */
  check?: ContextCheck;
  /** The operation only reads (a GET request): its transactions run read-only (decision 027). */
  readOnly?: boolean;
}

export const NOBODY: Actor = { userId: null, sessionId: null, globalRoles: [], ip: null, userAgent: null, lang: 'en' };

/** An entry whose before and after are both given and alike: an update that changed nothing. */
function unchanged(e: AuditEntry): boolean {
  return e.before != null && e.after != null && isDeepStrictEqual(e.before, e.after);
}

/** Builds a context; routes build it from the request, a job, the seed or a test from what they know. */
export function createCtx(infra: Infra, init: CtxInit = {}): Ctx {
  const actor: Actor = { ...NOBODY, ...init.actor };
  const host = init.host ?? null;
  const companyId = init.companyId === undefined ? (host?.id ?? null) : init.companyId;
  const check = init.check;
  const readOnly = init.readOnly === true;
  return {
    infra,
    actor,
    host,
    companyId,
    check,
    readOnly,
    run: (fn) => infra.db.scoped({ companyId, userId: actor.userId, check, readOnly }, fn),
    runBulk: (fn) => infra.db.scoped({ companyId, userId: actor.userId, bulk: true, check }, fn),
    runOwn: (fn) => infra.db.scoped({ userId: actor.userId, check, readOnly }, fn),
    system: (fn) => (check || readOnly ? infra.db.scoped({ system: true, check, readOnly }, fn) : infra.db.system(fn)),
    async audit(tx, entry) {
      const row = (e: AuditEntry) => ({
        companyId: e.companyId === undefined ? companyId : e.companyId,
        actorUserId: e.actorUserId ?? actor.userId,
        action: e.action,
        targetType: e.targetType,
        targetId: e.targetId ?? null,
        before: e.before ?? null,
        after: e.after ?? null,
        ip: actor.ip,
        userAgent: actor.userAgent?.slice(0, 300) ?? null,
      });
      // A save that changed nothing (a form sent back as it was) leaves no entry: the log lists changes.
      const entries = (Array.isArray(entry) ? entry : [entry]).filter((e) => !unchanged(e));
      for (let i = 0; i < entries.length; i += 500)
        await tx.insert(auditLog).values(entries.slice(i, i + 500).map(row));
    },
    publish: (channel, message) => infra.bus.publish(channel, message),
  };
}

/**
 * The same context, whose `run` joins the transaction `tx`, already scoped to this context's
 * company and actor: several services' reads answered from one transaction, on one connection and
 * one snapshot, instead of a transaction each (the dashboard's overview). Only `run` joins:
 * `runBulk` keeps its own transaction and its longer statement limit, `runOwn` and `system` their
 * own scopes.
 */
export function joinTransaction<C extends Ctx>(ctx: C, tx: Tx): C {
  return { ...ctx, run: (fn) => fn(tx) };
}

/** The same actor acting on another company (a super admin on the platform routes). */
export function forCompany(ctx: Ctx, companyId: string): TenantCtx {
  return createCtx(ctx.infra, {
    actor: ctx.actor,
    host: ctx.host,
    companyId,
    check: ctx.check,
    readOnly: ctx.readOnly,
  }) as TenantCtx;
}

/** The context of an operation that needs a company: the Host must be one. */
export function tenant(ctx: Ctx): TenantCtx {
  if (!ctx.companyId) throw new AppError('NOT_FOUND');
  return ctx as TenantCtx;
}

/** The signed-in user of a context, or UNAUTHENTICATED. */
export function actingUser(ctx: Ctx): string {
  if (!ctx.actor.userId) throw new AppError('UNAUTHENTICATED');
  return ctx.actor.userId;
}

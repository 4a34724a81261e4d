import type { Language } from '@wac/shared/constants';
import { errorMessage } from '@wac/shared/errors';
import { type Action, type AppAbility, defineAbilityFor, type Subject } from '@wac/shared/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, type Scope } from '../db/client';
import { randomUUID } from 'node:crypto';
import { type ContextCheck, type ContextRow, contextHolds, requestContext } from '../db/request-context';
import { type Ctx, createCtx, type TenantCtx, tenant } from '../lib/context';
import { AppError } from '../lib/errors';
import { pickLanguage } from '../lib/lang';
import type { AccessClaims } from '../lib/tokens';

export interface RequestCompany {
  id: string;
  subDomain: string;
  name: string;
  enabled: boolean;
}

export interface Principal {
  userId: string;
  sessionId: string;
  globalRoles: string[];
  claims: AccessClaims;
  /** Membership in the request's company, when there is one. */
  membership: { id: string; enabled: boolean; roles: string[] } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    /** The company of the Host's sub-domain; null on the bare base domain. */
    company: RequestCompany | null;
    principal: Principal | null;
    ability: AppAbility;
    /** The database scope of this request: its company and its user. */
    scope: Scope;
    /** A context answered from this process's memory, to be proved by the database (decision 026). */
    contextCheck: ContextCheck | null;
  }
  interface FastifyContextConfig {
    /** An invalid or expired Bearer token is ignored (signed out) instead of refused. */
    bearerOptional?: boolean;
    /** Operations routes (health, readiness, metrics): no company, no principal, no database on the way in. */
    noContext?: boolean;
    /**
     * A session of the bare base domain may call this route. Such a session is the browser's
     * sign-in: it may read its own user and companies, manage its own sessions, open a company
     * with a switch code and sign out; every other route refuses it.
     */
    baseDomainSession?: boolean;
  }
  interface FastifyInstance {
    /** preHandler: a signed-in user, whatever their company state. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: an enabled member of the Host's company (or a super admin). */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /** preHandler: the shared permission rules allow `action` on `subject` here. */
    authorize: (action: Action, subject: Subject) => (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Extracts the sub-domain label of a Host under the base domain; null for the base domain itself.
 * A fully qualified name (`acme.example.com.`, one trailing dot) is the same host as without it.
 */
export function subDomainOf(host: string | undefined, baseDomain: string): string | null | undefined {
  if (!host) return null;
  const name = host
    .replace(/:\d+$/, '')
    .toLowerCase()
    .replace(/(?<=.)\.$/, '');
  if (name === baseDomain) return null;
  const suffix = `.${baseDomain}`;
  if (!name.endsWith(suffix)) return null;
  const label = name.slice(0, -suffix.length);
  // Nested labels (a.b.localhost) are not company hosts.
  return label.includes('.') ? undefined : label;
}

/** How long and how many request contexts a process remembers (each use is proved anyway). */
const REMEMBER_MS = 60_000;
const REMEMBER_MAX = 10_000;
/** Headers of a fresh answer that belong to its own connection, not to the answer. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * The contexts this process read lately, by Host label, session and user. A read request (GET,
 * HEAD) that finds its context here skips the lookup: its first transaction checks, in the same
 * message as BEGIN, that the context is still what was remembered, and a request that ran none is
 * checked before its answer leaves. A context that changed (a session revoked, a role removed, a
 * company disabled, in any process) is answered again from a fresh lookup (decision 026).
 */
class RememberedContexts {
  private readonly rows = new Map<string, { row: ContextRow; at: number }>();
  get(key: string, now: number): ContextRow | undefined {
    const hit = this.rows.get(key);
    if (!hit) return undefined;
    if (now - hit.at > REMEMBER_MS) {
      this.rows.delete(key);
      return undefined;
    }
    return hit.row;
  }
  set(key: string, row: ContextRow, now: number) {
    this.rows.delete(key);
    this.rows.set(key, { row, at: now });
    // Oldest first: a Map iterates in insertion order.
    if (this.rows.size > REMEMBER_MAX) this.rows.delete(this.rows.keys().next().value!);
  }
}

/**
 * Resolves, for every request: its language, its company (from the Host), and its principal
 * (from the Bearer token, re-checked against the database: session alive, roles, membership).
 */
export default fp(async function context(app: FastifyInstance) {
  const remembered = app.config.contextCache ? new RememberedContexts() : null;
  // Marks this process's own replays (app.inject): they always look their context up afresh.
  const replayMark = randomUUID();
  app.decorateRequest('contextCheck', null);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('company', null);
  app.decorateRequest('principal', null);
  app.decorateRequest('ability', undefined as unknown as AppAbility);
  app.decorateRequest('scope', undefined as unknown as Scope);

  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    request.ability = defineAbilityFor({});
    request.scope = {};
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.noContext) return;

    const label = subDomainOf(request.headers.host, app.config.baseDomain);
    if (label === undefined) throw new AppError('COMPANY_NOT_FOUND');

    // The token is checked first (no I/O), so the company and the principal come from one statement.
    const auth = request.headers.authorization;
    let claims: AccessClaims | null = null;
    let tokenError: unknown = null;
    if (auth) {
      try {
        const [scheme, token] = auth.split(' ');
        if (scheme !== 'Bearer' || !token) throw new AppError('TOKEN_INVALID');
        claims = await app.tokens.verify(token);
      } catch (e) {
        tokenError = e;
      }
    }
    if (label || claims) {
      const sid = claims?.sid ?? null;
      const uid = claims?.uuid ?? null;
      const key = `${label ?? ''}\u0000${sid ?? ''}\u0000${uid ?? ''}`;
      const readOnly =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.headers.upgrade &&
        request.headers['x-wac-replay'] !== replayMark;
      const now = Date.now();
      let row = remembered && readOnly ? remembered.get(key, now) : undefined;
      if (row) {
        request.contextCheck = { label: label ?? null, sid, uid, digest: row.digest, state: 'pending' };
        app.metrics?.observeContext('remembered');
      } else {
        // The company and the principal in one statement outside any transaction (migration 0003).
        row = await requestContext(app.db, label ?? null, sid, uid);
        if (row) remembered?.set(key, row, now);
        app.metrics?.observeContext('looked_up');
      }
      if (label && !row?.company_id) throw new AppError('COMPANY_NOT_FOUND');
      const companyId = row?.company_id ?? null;
      request.company = row?.company_id
        ? { id: row.company_id, subDomain: row.sub_domain!, name: row.name!, enabled: row.company_enabled! }
        : null;
      if (claims && !tokenError) {
        const expiresAt = row?.expires_at ? new Date(row.expires_at) : null;
        // A token lives on the host that issued it, the base domain included: no replay on another host.
        if ((claims.cid ?? null) !== companyId) tokenError = new AppError('TOKEN_INVALID');
        else if (!row?.session_found || row.revoked_at || !expiresAt || expiresAt < new Date()) {
          tokenError = new AppError('SESSION_REVOKED');
        } else {
          request.principal = {
            userId: claims.uuid,
            sessionId: claims.sid,
            globalRoles: row.user_roles ?? [],
            claims,
            membership:
              row.membership_id && row.membership_enabled !== null && row.membership_roles
                ? { id: row.membership_id, enabled: row.membership_enabled, roles: row.membership_roles }
                : null,
          };
        }
      }
    }
    // Refresh and logout run on the cookie: an expired access token sent along must not block them.
    if (tokenError && !(tokenError instanceof AppError && request.routeOptions.config?.bearerOptional)) {
      throw tokenError;
    }
    const p = request.principal;
    if (p && !request.company && !request.routeOptions.config?.baseDomainSession) {
      throw new AppError('FORBIDDEN');
    }
    request.scope = { companyId: request.company?.id ?? null, userId: p?.userId ?? null };
    request.ability = defineAbilityFor({
      userId: p?.userId,
      globalRoles: p?.globalRoles,
      membership: p?.membership,
      companyEnabled: request.company?.enabled,
    });
  });

  if (remembered) {
    /** Answers the request again, through every hook, from a context looked up afresh. */
    const answerAfresh = async (request: FastifyRequest, reply: FastifyReply, stale: unknown) => {
      request.contextCheck!.state = 'replayed';
      // A stream the first answer would have sent is not needed any more.
      if (stale && typeof (stale as { destroy?: unknown }).destroy === 'function')
        (stale as { destroy(): void }).destroy();
      let fresh: Awaited<ReturnType<typeof app.inject>>;
      try {
        fresh = await app.inject({
          method: request.method as 'GET' | 'HEAD',
          url: request.url,
          headers: { ...request.headers, 'x-wac-replay': replayMark },
          // The same peer, so the answer sees the same client address (and proxy trust) as the first.
          remoteAddress: request.socket.remoteAddress,
        });
      } catch {
        // The app is closing (a drain on SIGTERM): the first answer cannot be sent, nor a new one made.
        for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
        reply.code(503).header('content-type', 'application/json; charset=utf-8').header('retry-after', '5');
        return JSON.stringify({
          code: 'SERVICE_UNAVAILABLE',
          message: errorMessage('SERVICE_UNAVAILABLE', request.lang),
        });
      }
      for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
      for (const [name, value] of Object.entries(fresh.headers)) {
        if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
      }
      reply.code(fresh.statusCode);
      app.metrics?.observeContext('replayed');
      return fresh.rawPayload;
    };
    app.addHook('onSend', async (request, reply, payload) => {
      const check = request.contextCheck;
      if (!check || check.state === 'verified' || check.state === 'replayed') return payload;
      if (check.state === 'pending') {
        // The database is away (answered 503 by the error handler): nothing in this answer to prove.
        if (reply.statusCode === 503) return payload;
        // Never proved (no transaction ran): proved now, or answered afresh.
        let holds = false;
        try {
          holds = await contextHolds(app.db, check);
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
        }
        if (holds) {
          check.state = 'verified';
          return payload;
        }
      }
      return answerAfresh(request, reply, payload);
    });
  }

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.principal) throw new AppError('UNAUTHENTICATED');
  });

  app.decorate('requireMember', async (request: FastifyRequest) => {
    const p = request.principal;
    if (!p) throw new AppError('UNAUTHENTICATED');
    if (!request.company) throw new AppError('NOT_FOUND');
    if (p.globalRoles.includes('super_admin')) return;
    if (!p.membership) throw new AppError('FORBIDDEN');
    if (!request.company.enabled) throw new AppError('COMPANY_DISABLED');
    if (!p.membership.enabled) throw new AppError('ACCOUNT_DISABLED');
  });

  app.decorate('authorize', (action: Action, subject: Subject) => async (request: FastifyRequest) => {
    await app.requireMember(request);
    if (!request.ability.can(action, subject)) throw new AppError('FORBIDDEN');
  });
});

/** The tenant context of a request: its user, IP, user agent and language, and the Host's company. */
export function ctxOf(request: FastifyRequest): Ctx {
  const p = request.principal;
  return createCtx(request.server, {
    actor: {
      userId: p?.userId ?? null,
      sessionId: p?.sessionId ?? null,
      globalRoles: p?.globalRoles ?? [],
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      lang: request.lang,
    },
    host: request.company,
    check: request.contextCheck ?? undefined,
    // A GET or HEAD only reads (decision 027); a socket's upgrade is a GET that may not.
    readOnly: (request.method === 'GET' || request.method === 'HEAD') && !request.headers.upgrade,
  });
}

/** The context of a request on a company's Host (NOT_FOUND on the base domain). */
export const tenantOf = (request: FastifyRequest): TenantCtx => tenant(ctxOf(request));

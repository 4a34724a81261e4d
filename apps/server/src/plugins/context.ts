import type { Language } from '@wac/shared/constants';
import { type Action, type AppAbility, defineAbilityFor, type Subject } from '@wac/shared/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Scope } from '../db/client';
import { requestContext } from '../db/request-context';
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

/** Extracts the sub-domain label of a Host under the base domain; null for the base domain itself. */
export function subDomainOf(host: string | undefined, baseDomain: string): string | null | undefined {
  if (!host) return null;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  if (name === baseDomain) return null;
  const suffix = `.${baseDomain}`;
  if (!name.endsWith(suffix)) return null;
  const label = name.slice(0, -suffix.length);
  // Nested labels (a.b.localhost) are not company hosts.
  return label.includes('.') ? undefined : label;
}

/**
 * Resolves, for every request: its language, its company (from the Host), and its principal
 * (from the Bearer token, re-checked against the database: session alive, roles, membership).
 */
export default fp(async function context(app: FastifyInstance) {
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
      // The company and the principal in one statement outside any transaction (migration 0003).
      const row = await requestContext(app.db, label ?? null, claims?.sid ?? null, claims?.uuid ?? null);
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
  });
}

/** The context of a request on a company's Host (NOT_FOUND on the base domain). */
export const tenantOf = (request: FastifyRequest): TenantCtx => tenant(ctxOf(request));

import type { Language } from '@wac/shared/constants';
import { type Action, type AppAbility, defineAbilityFor, type Subject } from '@wac/shared/permissions';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Scope } from '../db/client';
import { companies, memberships, sessions, users } from '../db/schema/index';
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
    if (!request.url.startsWith('/api/')) return;

    const label = subDomainOf(request.headers.host, app.config.baseDomain);
    if (label === undefined) throw new AppError('COMPANY_NOT_FOUND');
    if (label) {
      const [company] = await app.db.system((tx) =>
        tx
          .select({
            id: companies.id,
            subDomain: companies.subDomain,
            name: companies.name,
            enabled: companies.enabled,
          })
          .from(companies)
          .where(eq(companies.subDomain, label))
          .limit(1),
      );
      if (!company) throw new AppError('COMPANY_NOT_FOUND');
      request.company = company;
    }

    const auth = request.headers.authorization;
    if (auth) {
      try {
        const [scheme, token] = auth.split(' ');
        if (scheme !== 'Bearer' || !token) throw new AppError('TOKEN_INVALID');
        const claims = await app.tokens.verify(token);
        // A token lives on the host that issued it: no replay on another company's sub-domain.
        if (claims.cid && claims.cid !== (request.company?.id ?? null)) throw new AppError('TOKEN_INVALID');
        request.principal = await loadPrincipal(app, claims, request.company?.id ?? null);
      } catch (e) {
        // Refresh and logout run on the cookie: an expired access token sent along must not block them.
        if (!(e instanceof AppError && request.routeOptions.config?.bearerOptional)) throw e;
        request.principal = null;
      }
    }
    const p = request.principal;
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

async function loadPrincipal(app: FastifyInstance, claims: AccessClaims, companyId: string | null): Promise<Principal> {
  const row = await app.db.system(async (tx) => {
    const [s] = await tx
      .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt, roles: users.roles })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.uuid)))
      .limit(1);
    if (!s) return null;
    const [m] = companyId
      ? await tx
          .select({ id: memberships.id, enabled: memberships.enabled, roles: memberships.roles })
          .from(memberships)
          .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, claims.uuid)))
          .limit(1)
      : [];
    return { ...s, membership: m ?? null };
  });
  if (!row || row.revokedAt || row.expiresAt < new Date()) throw new AppError('SESSION_REVOKED');
  return {
    userId: claims.uuid,
    sessionId: claims.sid,
    globalRoles: row.roles,
    claims,
    membership: row.membership,
  };
}

export type { FastifyReply };

import type { Language } from '@wac/shared/constants';
import { type Action, type AppAbility, defineAbilityFor, type Subject } from '@wac/shared/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Scope, Tx } from '../db/client';
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

    // The token is checked first (no I/O), so the company and the principal come from one
    // transaction: one round of BEGIN/scope/COMMIT per request instead of two.
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
      const found = await app.db.system(async (tx) => {
        const [company] = label
          ? await tx
              .select({
                id: companies.id,
                subDomain: companies.subDomain,
                name: companies.name,
                enabled: companies.enabled,
              })
              .from(companies)
              .where(eq(companies.subDomain, label))
              .limit(1)
          : [];
        if (label && !company) return { company: null, row: null };
        const companyId = company?.id ?? null;
        // A token lives on the host that issued it: no replay on another company's sub-domain.
        const sameHost = !!claims && (!claims.cid || claims.cid === companyId);
        const row = claims && sameHost ? await principalRow(tx, claims, companyId) : undefined;
        return { company: company ?? null, row, sameHost };
      });
      if (label && !found.company) throw new AppError('COMPANY_NOT_FOUND');
      request.company = found.company;
      if (claims && !tokenError) {
        if (!found.sameHost) tokenError = new AppError('TOKEN_INVALID');
        else if (!found.row || found.row.revokedAt || found.row.expiresAt < new Date()) {
          tokenError = new AppError('SESSION_REVOKED');
        } else {
          request.principal = {
            userId: claims.uuid,
            sessionId: claims.sid,
            globalRoles: found.row.roles,
            claims,
            membership: found.row.membership,
          };
        }
      }
    }
    // Refresh and logout run on the cookie: an expired access token sent along must not block them.
    if (tokenError && !(tokenError instanceof AppError && request.routeOptions.config?.bearerOptional)) {
      throw tokenError;
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

/** The session (alive?), the user's global roles and the membership here, in one query. */
async function principalRow(tx: Tx, claims: AccessClaims, companyId: string | null) {
  const [row] = await tx
    .select({
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      roles: users.roles,
      membershipId: memberships.id,
      membershipEnabled: memberships.enabled,
      membershipRoles: memberships.roles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), companyId ? eq(memberships.companyId, companyId) : sql`false`),
    )
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.uuid)))
    .limit(1);
  if (!row) return null;
  const membership =
    row.membershipId && row.membershipEnabled !== null && row.membershipRoles
      ? { id: row.membershipId, enabled: row.membershipEnabled, roles: row.membershipRoles }
      : null;
  return { revokedAt: row.revokedAt, expiresAt: row.expiresAt, roles: row.roles, membership };
}

export type { FastifyReply };

import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';
import { AppError } from './errors';
import { keepBounded } from './kept';

export const ISSUER = 'workplace-admin';
export const AUDIENCE = 'workplace-admin-api';

/** What an access token says. Claims are hints: every request re-checks them in the database. */
export interface AccessClaims {
  uuid: string;
  companyUuids: string[];
  roles: string[];
  /** The session (refresh-token family) this token belongs to. */
  sid: string;
  /** The company whose sub-domain the session lives on; null on the bare domain. */
  cid: string | null;
}

/** Verified tokens remembered per process: the same bytes need not be re-verified until they expire. */
const VERIFIED_MAX = 10_000;

export function createTokenService(config: Pick<Config, 'jwtSecret' | 'accessTokenTtlSeconds'>) {
  const key = new TextEncoder().encode(config.jwtSecret);
  // Exact token string → its claims and expiry (seconds). Only a token that passed jwtVerify gets
  // in; an entry past its expiry answers TOKEN_EXPIRED like jose would. Oldest entries go first.
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    ttlSeconds: config.accessTokenTtlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ ...claims, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.uuid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${config.accessTokenTtlSeconds}s`)
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 <= Date.now()) {
          verified.delete(token);
          throw new AppError('TOKEN_EXPIRED');
        }
        return known.claims;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (payload.typ !== 'access' || typeof payload.uuid !== 'string' || typeof payload.sid !== 'string') {
          throw new AppError('TOKEN_INVALID');
        }
        const claims: AccessClaims = {
          uuid: payload.uuid,
          companyUuids: Array.isArray(payload.companyUuids) ? (payload.companyUuids as string[]) : [],
          roles: Array.isArray(payload.roles) ? (payload.roles as string[]) : [],
          sid: payload.sid,
          cid: typeof payload.cid === 'string' ? payload.cid : null,
        };
        if (typeof payload.exp === 'number') {
          keepBounded(verified, VERIFIED_MAX, token, { claims: Object.freeze(claims), exp: payload.exp });
        }
        return claims;
      } catch (e) {
        if (e instanceof AppError) throw e;
        if (e instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
        throw new AppError('TOKEN_INVALID');
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

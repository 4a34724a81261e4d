import {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterResendSchema,
  RegisterSchema,
  RegisterStartedSchema,
  RegisterVerifySchema,
  ResetPasswordSchema,
  SessionListQuerySchema,
  SessionPageSchema,
  SessionParamsSchema,
  SwitchCodeRequestSchema,
  SwitchCodeSchema,
  SwitchRedeemSchema,
  SwitchTargetSchema,
  TokenResponseSchema,
} from '@wac/shared/schemas/auth';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from '@wac/shared/constants';
import { OkSchema } from '@wac/shared/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCtx } from '../../lib/context';
import { errorResponses as e } from '../../lib/http';
import { AppError } from '../../lib/errors';
import { isOwnPageRequest } from '../../lib/origin';
import { ctxOf } from '../../plugins/context';
import type { OpenedSession } from './auth.shared';
import * as passwordReset from './password-reset.service';
import * as registration from './registration.service';
import * as sessions from './sessions.service';
import * as signIn from './sign-in.service';
import * as switchCodes from './switch-codes.service';

/** Auth bodies are small; anything bigger is refused before it is parsed. */
const bodyLimit = 16_384;
const tags = ['auth'];
const bearer = [{ bearer: [] }];
const refreshCookie = [{ refreshCookie: [] }];
const COOKIE_PATH = '/api/jwt';

const PURGE_EVERY_MS = 3_600_000;

/** The refresh token lives in an HttpOnly cookie on the auth path only; the services never see cookies. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const https = app.config.publicProtocol === 'https';
  // On https the cookie is `__Host-` prefixed: the browser then keeps it to this exact host, Secure,
  // on Path=/, and refuses one planted by a sibling sub-domain with a Domain attribute.
  const cookieName = https ? `__Host-${REFRESH_COOKIE}` : REFRESH_COOKIE;
  const cookieOptions = {
    path: https ? '/' : COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: https,
  };
  // Beside it, the page-readable hint that this host has a session (SESSION_HINT_COOKIE): no secret.
  const hintOptions = { path: '/', httpOnly: false, sameSite: 'lax' as const, secure: https };
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(cookieName, cookieOptions).clearCookie(SESSION_HINT_COOKIE, hintOptions);
  const refreshTokenOf = (request: FastifyRequest) => request.cookies[cookieName];
  /** Routes that set or read the cookie answer only this Host's own pages (see isOwnPageRequest). */
  const ownPageOnly = async (request: FastifyRequest) => {
    if (!isOwnPageRequest(app.config, request.company?.subDomain ?? null, request.headers)) {
      throw new AppError('CROSS_SITE_REQUEST');
    }
  };
  /** Puts the session's refresh token in its cookie and answers the tokens. */
  const withCookie = (reply: FastifyReply, opened: OpenedSession) => {
    const maxAge = app.config.refreshTokenTtlDays * 86_400;
    reply.setCookie(cookieName, opened.refreshToken, { ...cookieOptions, maxAge });
    reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions, maxAge });
    return opened.tokens;
  };

  const purge = setInterval(() => {
    sessions.purgeExpired(createCtx(app)).catch((err: unknown) => app.log.warn({ err }, 'auth purge failed'));
  }, PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  app.post(
    '/api/jwt/register',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Start a sign-up: mails a 6-digit code to the work email',
        body: RegisterSchema,
        response: { 200: RegisterStartedSchema, ...e(400, 409, 413, 429) },
      },
    },
    (request) => registration.register(ctxOf(request), request.body),
  );

  app.post(
    '/api/jwt/register/resend',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Mail a new code for a pending sign-up',
        body: RegisterResendSchema,
        response: { 200: OkSchema, ...e(400, 404, 413, 429) },
      },
    },
    (request) => registration.resendRegistration(ctxOf(request), request.body.registrationId),
  );

  app.post(
    '/api/jwt/register/verify',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Verify the sign-up code: creates the user, the company (7-day trial) and the admin membership',
        description: 'Answers the new sub-domain and a one-time switch code to redeem there.',
        body: RegisterVerifySchema,
        response: { 200: SwitchTargetSchema, ...e(400, 409, 413, 429) },
      },
    },
    (request) => registration.verifyRegistration(ctxOf(request), request.body),
  );

  app.post(
    '/api/jwt/login',
    {
      bodyLimit,
      preHandler: ownPageOnly,
      schema: {
        tags,
        summary: 'Sign in: access token in the body, rotated refresh token in an HttpOnly cookie',
        body: LoginSchema,
        response: { 200: TokenResponseSchema, ...e(400, 401, 403, 413, 429) },
      },
    },
    async (request, reply) => withCookie(reply, await signIn.login(ctxOf(request), request.body)),
  );

  app.post(
    '/api/jwt/refresh-token',
    {
      bodyLimit,
      preHandler: ownPageOnly,
      config: { bearerOptional: true, baseDomainSession: true },
      schema: {
        tags,
        summary: 'Exchange the refresh cookie for a new access token; the cookie is rotated',
        description: 'A refresh token that was already used ends its whole session.',
        security: refreshCookie,
        response: { 200: TokenResponseSchema, ...e(401, 403) },
      },
    },
    async (request, reply) => {
      try {
        return withCookie(reply, await signIn.refresh(ctxOf(request), refreshTokenOf(request)));
      } catch (error) {
        // A refused refresh takes the cookie with it.
        if (error instanceof AppError) clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/api/jwt/logout',
    {
      bodyLimit,
      preHandler: ownPageOnly,
      config: { bearerOptional: true, baseDomainSession: true },
      schema: {
        tags,
        summary: 'End this session (cookie and/or Bearer) server-side and clear the cookie',
        security: [...bearer, ...refreshCookie, {}],
        response: { 200: OkSchema, ...e(401, 403) },
      },
    },
    async (request, reply) => {
      const answer = await signIn.logout(ctxOf(request), refreshTokenOf(request));
      clearRefreshCookie(reply);
      return answer;
    },
  );

  app.post(
    '/api/jwt/forgot-password',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Mail a password reset code (same answer whether the account exists or not)',
        body: ForgotPasswordSchema,
        response: { 200: OkSchema, ...e(400, 413, 429) },
      },
    },
    (request) => passwordReset.forgotPassword(ctxOf(request), request.body),
  );

  app.post(
    '/api/jwt/reset-password',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Set a new password with the mailed code; ends every session of the user',
        body: ResetPasswordSchema,
        response: { 200: OkSchema, ...e(400, 413, 429) },
      },
    },
    (request) => passwordReset.resetPassword(ctxOf(request), request.body),
  );

  app.post(
    '/api/jwt/switch-code',
    {
      bodyLimit,
      config: { baseDomainSession: true },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A one-time code (≤60 s) to open a session on another of the user’s companies',
        security: bearer,
        body: SwitchCodeRequestSchema,
        response: { 200: SwitchCodeSchema, ...e(400, 401, 403, 413) },
      },
    },
    (request) => switchCodes.createSwitchCode(ctxOf(request), request.body.companyUuid),
  );

  app.post(
    '/api/jwt/switch-code/redeem',
    {
      bodyLimit,
      preHandler: ownPageOnly,
      schema: {
        tags,
        summary: 'Redeem a switch code on its company’s host: a new session there',
        body: SwitchRedeemSchema,
        response: { 200: TokenResponseSchema, ...e(400, 403, 413, 429) },
      },
    },
    async (request, reply) => withCookie(reply, await switchCodes.redeemSwitchCode(ctxOf(request), request.body.code)),
  );

  app.get(
    '/api/jwt/sessions',
    {
      config: { baseDomainSession: true },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The caller’s live sessions, most recently used first',
        security: bearer,
        querystring: SessionListQuerySchema,
        response: { 200: SessionPageSchema, ...e(400, 401) },
      },
    },
    (request) => sessions.listSessions(ctxOf(request), request.query),
  );

  app.delete(
    '/api/jwt/sessions/:uuid',
    {
      config: { baseDomainSession: true },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'End one of the caller’s sessions',
        security: bearer,
        params: SessionParamsSchema,
        response: { 200: OkSchema, ...e(400, 401, 404) },
      },
    },
    (request) => sessions.revokeOwnSession(ctxOf(request), request.params.uuid),
  );
};
export default authRoutes;

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
import { ApiErrorSchema, OkSchema } from '@wac/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './auth.service';

/** Auth bodies are small; anything bigger is refused before it is parsed. */
const bodyLimit = 16_384;
const tags = ['auth'];
const bearer = [{ bearer: [] }];
const refreshCookie = [{ refreshCookie: [] }];
const e = (...statuses: Array<400 | 401 | 403 | 404 | 409 | 413 | 429>) =>
  Object.fromEntries(statuses.map((s) => [s, ApiErrorSchema])) as Record<number, typeof ApiErrorSchema>;

const PURGE_EVERY_MS = 3_600_000;

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const purge = setInterval(() => {
    service.purgeExpired(app).catch((err: unknown) => app.log.warn({ err }, 'auth purge failed'));
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
    (request) => service.register(app, request, request.body),
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
    (request) => service.resendRegistration(app, request, request.body.registrationId),
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
    (request) => service.verifyRegistration(app, request, request.body.registrationId, request.body.otp),
  );

  app.post(
    '/api/jwt/login',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Sign in: access token in the body, rotated refresh token in an HttpOnly cookie',
        body: LoginSchema,
        response: { 200: TokenResponseSchema, ...e(400, 401, 403, 413, 429) },
      },
    },
    (request, reply) => service.login(app, request, reply, request.body),
  );

  app.post(
    '/api/jwt/refresh-token',
    {
      bodyLimit,
      config: { bearerOptional: true },
      schema: {
        tags,
        summary: 'Exchange the refresh cookie for a new access token; the cookie is rotated',
        description: 'A refresh token that was already used ends its whole session.',
        security: refreshCookie,
        response: { 200: TokenResponseSchema, ...e(401, 403) },
      },
    },
    (request, reply) => service.refresh(app, request, reply),
  );

  app.post(
    '/api/jwt/logout',
    {
      bodyLimit,
      config: { bearerOptional: true },
      schema: {
        tags,
        summary: 'End this session (cookie and/or Bearer) server-side and clear the cookie',
        security: [...bearer, ...refreshCookie, {}],
        response: { 200: OkSchema, ...e(401) },
      },
    },
    (request, reply) => service.logout(app, request, reply),
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
    (request) => service.forgotPassword(app, request, request.body),
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
    (request) => service.resetPassword(app, request, request.body),
  );

  app.post(
    '/api/jwt/switch-code',
    {
      bodyLimit,
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A one-time code (≤60 s) to open a session on another of the user’s companies',
        security: bearer,
        body: SwitchCodeRequestSchema,
        response: { 200: SwitchCodeSchema, ...e(400, 401, 403, 413) },
      },
    },
    (request) => service.createSwitchCode(app, request, request.body.companyUuid),
  );

  app.post(
    '/api/jwt/switch-code/redeem',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Redeem a switch code on its company’s host: a new session there',
        body: SwitchRedeemSchema,
        response: { 200: TokenResponseSchema, ...e(400, 413, 429) },
      },
    },
    (request, reply) => service.redeemSwitchCode(app, request, reply, request.body.code),
  );

  app.get(
    '/api/jwt/sessions',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The caller’s live sessions, most recently used first',
        security: bearer,
        querystring: SessionListQuerySchema,
        response: { 200: SessionPageSchema, ...e(400, 401) },
      },
    },
    (request) => service.listSessions(app, request, request.query.page, request.query.itemsPerPage),
  );

  app.delete(
    '/api/jwt/sessions/:uuid',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'End one of the caller’s sessions',
        security: bearer,
        params: SessionParamsSchema,
        response: { 200: OkSchema, ...e(400, 401, 404) },
      },
    },
    (request) => service.revokeOwnSession(app, request, request.params.uuid),
  );
};
export default authRoutes;

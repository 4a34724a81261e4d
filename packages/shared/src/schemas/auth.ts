import { z } from 'zod';
import { ACCOUNT_TYPES, LANGUAGES, LISTING_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import {
  emailField,
  nameField,
  otpField,
  passwordField,
  phoneField,
  subDomainField,
  requiredType,
} from '../validation';
import { pageOf, UuidSchema } from './common';

export const RegisterSchema = z
  .object({
    email: emailField,
    firstName: nameField,
    lastName: nameField,
    companyName: nameField,
    subDomain: subDomainField.optional(),
    phone: phoneField.optional().or(z.literal('').transform(() => undefined)),
    password: passwordField,
    confirmPassword: z.string(requiredType),
    accountType: z.enum(ACCOUNT_TYPES).default('organization'),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'passwordMismatch',
    path: ['confirmPassword'],
  });
export type Register = z.infer<typeof RegisterSchema>;

export const RegisterStartedSchema = z.object({
  registrationId: UuidSchema,
  email: z.string(),
  subDomain: z.string(),
});

export const RegisterVerifySchema = z.object({ registrationId: UuidSchema, otp: otpField });

export const LoginSchema = z.object({
  email: emailField,
  password: z.string(requiredType).min(1, 'required').max(1024, 'tooLong'),
});
export type Login = z.infer<typeof LoginSchema>;

export const SessionUserSchema = z.object({
  uuid: UuidSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  language: z.string().nullable(),
  roles: z.array(z.string()),
  companyUuids: z.array(UuidSchema),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Answer of login, refresh, register verification and switch-code redemption. */
export const TokenResponseSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
  user: SessionUserSchema,
  /** A super admin's session on a company he is no member of: which one, and whether he may write there. */
  visiting: z
    .object({
      company: z.object({ uuid: UuidSchema, name: z.string(), subDomain: z.string(), logo: z.string().nullable() }),
      write: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const ForgotPasswordSchema = z.object({ email: emailField });
export const ResetPasswordSchema = z
  .object({
    email: emailField,
    otp: otpField,
    password: passwordField,
    confirmPassword: z.string(requiredType),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'passwordMismatch',
    path: ['confirmPassword'],
  });

export const SwitchCodeRequestSchema = z.object({ companyUuid: UuidSchema });
export const SwitchCodeSchema = z.object({ code: z.string(), expiresIn: z.number().int(), subDomain: z.string() });
export const SwitchRedeemSchema = z.object({ code: z.string().min(16).max(128) });

export const SessionInfoSchema = z.object({
  uuid: UuidSchema,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
  companySubDomain: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LISTING_PAGE_SIZE),
});
/** `{ data: SessionInfo[] }`, paginated like every listing (newest use first). */
export const SessionPageSchema = pageOf(SessionInfoSchema);

/**
 * Where a client goes after a cross-host step (sign-up verified, company switch): the target
 * company's sub-domain and a one-time code the target page redeems for its own session.
 */
export const SwitchTargetSchema = z.object({ subDomain: z.string(), code: z.string() });
export type SwitchTarget = z.infer<typeof SwitchTargetSchema>;

export const RegisterResendSchema = z.object({ registrationId: UuidSchema });
export const SessionParamsSchema = z.object({ uuid: UuidSchema });

/**
 * The auth API (all JSON, all under the request's Host):
 * - POST /api/jwt/register            Register → RegisterStarted (mails a 6-digit OTP)
 * - POST /api/jwt/register/resend     RegisterResend → Ok
 * - POST /api/jwt/register/verify     RegisterVerify → SwitchTarget (company, user, admin membership,
 *                                     7-day pro-plan-monthly trial created; go to the new sub-domain)
 * - POST /api/jwt/login               Login → TokenResponse + HttpOnly refresh cookie
 * - POST /api/jwt/refresh-token       (cookie) → TokenResponse + rotated cookie
 * - POST /api/jwt/logout              ends this session server-side, clears the cookie → Ok
 * - POST /api/jwt/forgot-password     ForgotPassword → Ok (same answer whether the email exists or not)
 * - POST /api/jwt/reset-password      ResetPassword → Ok (ends every session of the user)
 * - POST /api/jwt/switch-code         SwitchCodeRequest (Bearer) → SwitchCode
 * - POST /api/jwt/switch-code/redeem  SwitchRedeem → TokenResponse + cookie for this host
 * - GET  /api/jwt/sessions            (Bearer) SessionListQuery → SessionPage { data: SessionInfo[], page, … }
 * - DELETE /api/jwt/sessions/{uuid}   (Bearer) → Ok "User session has been revoked successfully"
 */
export const AUTH_PATHS = {
  register: '/api/jwt/register',
  registerResend: '/api/jwt/register/resend',
  registerVerify: '/api/jwt/register/verify',
  login: '/api/jwt/login',
  refresh: '/api/jwt/refresh-token',
  logout: '/api/jwt/logout',
  forgotPassword: '/api/jwt/forgot-password',
  resetPassword: '/api/jwt/reset-password',
  switchCode: '/api/jwt/switch-code',
  switchRedeem: '/api/jwt/switch-code/redeem',
  sessions: '/api/jwt/sessions',
} as const;

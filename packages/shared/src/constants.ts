/** Business constants: languages, plans, trial length, limits the product promises its users. */
export const LANGUAGES = ['en', 'de', 'fr', 'pt', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const SKINS = ['light', 'dark', 'bordered', 'semi-dark'] as const;
export type Skin = (typeof SKINS)[number];

export const PROFILES_PAGE_SIZE = 50;
export const LISTING_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const MAX_FILE_BYTES = 2_097_152;
/**
 * The members CSV import's own upload limit (every other upload keeps MAX_FILE_BYTES): 100,000 rows
 * with every employee record column measure about 22 MB (the members export of 10,000 is 2.2 MB).
 */
export const IMPORT_MAX_FILE_BYTES = 33_554_432;
/** Data rows per members CSV import. */
export const IMPORT_MAX_ROWS = 100_000;
/** Problem rows (invalid or skipped) an import answer lists; the counts cover the rest. */
export const IMPORT_PROBLEM_ROWS = 1_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
export const TRIAL_DAYS = 7;
export const DEFAULT_PLAN = 'pro-plan-monthly';
export const PLANS = ['free', 'pro-plan-monthly', 'pro-plan-yearly', 'enterprise'] as const;
export const ACCOUNT_TYPES = ['personal', 'organization'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const SWITCH_CODE_TTL_SECONDS = 60;
export const ERROR_TOAST_MS = 3000;
export const COMPANY_FETCH_TOAST_MS = 2000;
export const BRAND = 'Workplace';
export const BASE_PATH = '/admin';

/** Global (user-level) roles. */
export const GLOBAL_ROLES = ['super_admin', 'super_admin_write'] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];
/** Roles held in a membership (company profile). */
export const MEMBERSHIP_ROLES = ['admin', 'member'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

export const REFRESH_COOKIE = 'wac_refresh';
/**
 * Set and cleared with the refresh cookie, readable by the page (it holds no secret, only "1"): a
 * browser without it has no session on this host, so the console shows the sign-in at once instead
 * of asking for a refresh it knows will be refused (a 401 in every new visitor's console).
 */
export const SESSION_HINT_COOKIE = 'wac_signed_in';

/**
 * The longest an attendance entry may be made by a correction: a double shift, not a day and a night
 * (an out time typed before the in time, read as the next day, made a 21-hour shift of a typo).
 */
export const MAX_ENTRY_HOURS = 16;

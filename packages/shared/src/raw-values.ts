import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit';
import { GLOBAL_ROLES, MEMBERSHIP_ROLES, PLANS } from './constants';

/**
 * What a reader must never see on a screen: a code instead of its label (`super_admin`,
 * `pro-plan-monthly`, `invitation.create`, `ADMIN`), an id, or, in a language other than
 * English, a date or time in the US format ("8/25/2026", "6:27:12 AM"). The console's screen
 * tests and the end-to-end walk both call this on the text a user sees.
 */
const CODES = [
  ...GLOBAL_ROLES,
  ...PLANS.filter((p) => /[-_]/.test(p)),
  ...AUDIT_ACTIONS,
  ...AUDIT_TARGET_TYPES.filter((t) => t.includes('_')),
];
const UPPERCASE_ROLES = MEMBERSHIP_ROLES.map((r) => r.toUpperCase());
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
// A code stands alone: not part of a longer word, e-mail address or path.
const CODE_PATTERN = new RegExp(`(?<![\\w@./-])(${CODES.map(escapeRegExp).join('|')})(?![\\w@/-]|\\.\\w)`, 'g');
const UPPERCASE_ROLE_PATTERN = new RegExp(`\\b(${UPPERCASE_ROLES.join('|')})\\b`, 'g');
const UUID_PATTERN = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
// en-US writes month/day/year without leading zeros ("8/5/2026"); the day-first languages write
// "05/08/2026", so only the US shape is caught.
const US_DATE_PATTERN = /(?<![\d/])(?:[1-9]|1[0-2])\/(?:[1-9]|[12]\d|3[01])\/\d{2,4}(?![\d/])/g;
const US_TIME_PATTERN = /\b\d{1,2}:\d{2}(?::\d{2})?\s?[AP]M\b/g;

export function rawValuesIn(text: string, language: string): string[] {
  const found = [
    ...text.matchAll(CODE_PATTERN),
    ...text.matchAll(UPPERCASE_ROLE_PATTERN),
    ...text.matchAll(UUID_PATTERN),
    ...(language === 'en' ? [] : [...text.matchAll(US_DATE_PATTERN), ...text.matchAll(US_TIME_PATTERN)]),
  ].map((m) => m[0]);
  return [...new Set(found)];
}

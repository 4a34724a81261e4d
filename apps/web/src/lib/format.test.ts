import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@wac/shared/audit';
import { GLOBAL_ROLES, LANGUAGES, MEMBERSHIP_ROLES, PLANS } from '@wac/shared/constants';
import { rawValuesIn } from '@wac/shared/raw-values';
import { JOIN_REQUEST_STATUSES } from '@wac/shared/schemas/join-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../locales/values/ar.json';
import de from '../locales/values/de.json';
import en from '../locales/values/en.json';
import fr from '../locales/values/fr.json';
import pt from '../locales/values/pt.json';
import { expectSameKeysAsEnglish, flatten, type Tree } from '../test/locale-catalog';
import { formatterFor, humanise } from './format';
import { setLanguage } from './i18n';

const CATALOGS: Record<string, Tree> = { en, de, fr, pt, ar };
const STATUSES = ['enabled', 'disabled', 'expired', 'cancelled', 'withdrawn', ...JOIN_REQUEST_STATUSES];
const moment = '2026-08-25T06:27:12Z';

describe('formatting in the reader language', () => {
  beforeAll(async () => {
    // Loads every language's value catalog, as choosing it in the console does.
    for (const l of LANGUAGES) await setLanguage(l, false);
  });
  afterAll(() => setLanguage('en', false));

  it('has the same value keys in every language', () => {
    const english = flatten(en);
    for (const l of LANGUAGES) expectSameKeysAsEnglish(l, flatten(CATALOGS[l] as Tree), english);
  });

  it('labels every role, plan, status, action and target type in every language, never as a code', () => {
    for (const l of LANGUAGES) {
      const f = formatterFor(l);
      const labels = [
        ...[...GLOBAL_ROLES, ...MEMBERSHIP_ROLES].map(f.role),
        ...PLANS.map(f.plan),
        ...STATUSES.map(f.status),
        ...AUDIT_ACTIONS.map(f.action),
        ...AUDIT_TARGET_TYPES.map(f.target),
      ];
      for (const label of labels) expect(rawValuesIn(label, l), `${l}: ${label}`).toEqual([]);
      // Each has its own entry: the fallback (the code made into words) is for codes added later.
      const keys = flatten(CATALOGS[l] as Tree);
      const codes = [
        ...[...GLOBAL_ROLES, ...MEMBERSHIP_ROLES].map((c) => `role.${c}`),
        ...PLANS.map((c) => `plan.${c}`),
        ...STATUSES.map((c) => `status.${c}`),
        ...AUDIT_ACTIONS.map((c) => `action.${c}`),
        ...AUDIT_TARGET_TYPES.map((c) => `target.${c}`),
      ];
      expect(
        codes.filter((k) => !keys.has(k)),
        `${l}: missing`,
      ).toEqual([]);
    }
  });

  it('writes dates and times the way each language does', () => {
    expect(formatterFor('en').date(moment)).toBe('Aug 25, 2026');
    expect(formatterFor('de').date(moment)).toBe('25.08.2026');
    expect(formatterFor('fr').date(moment)).toBe('25 août 2026');
    // European Portuguese, as the texts are (Intl reads a bare "pt" as Brazilian: "25 de ago. de 2026", "12.345").
    expect(formatterFor('pt').date(moment)).toBe('25/08/2026');
    expect(formatterFor('pt').number(12345)).toMatch(/^12\s345$/u);
    for (const l of ['de', 'fr', 'pt', 'ar']) {
      const f = formatterFor(l);
      expect(rawValuesIn(`${f.date(moment)} ${f.dateTime(moment)}`, l)).toEqual([]);
    }
    // Day first in Arabic, with the right-to-left marks that keep its order.
    expect(formatterFor('ar').date(moment)).toMatch(/^(25|٢٥)\u200f/);
    expect(humanise('join_request.accept')).toBe('Join request accept');
  });

  it('says how long ago, in words of the language', () => {
    const now = Date.parse(moment);
    expect(formatterFor('en').relative(now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(formatterFor('en').relative(now - 26 * 3600_000, now)).toBe('yesterday');
    expect(formatterFor('de').relative(now - 2 * 24 * 3600_000, now)).toBe('vorgestern');
    expect(formatterFor('fr').relative(now + 3 * 24 * 3600_000, now)).toBe('dans 3 jours');
    expect(formatterFor('en').relative(now - 5_000, now)).toBe('now');
  });

  it('joins roles as a list of the language and formats numbers', () => {
    expect(formatterFor('en').roles(['admin', 'member'])).toBe('Admin and Member');
    expect(formatterFor('de').roles(['super_admin', 'super_admin_write'])).toBe(
      'Super-Admin und Super-Admin (Schreiben)',
    );
    expect(formatterFor('de').number(12345)).toBe('12.345');
    expect(formatterFor('fr').plan('pro-plan-monthly')).toBe('Pro, mensuel');
  });

  it('names a time zone in the language, its place after it, never only as its code', () => {
    expect(formatterFor('en').zone('Europe/Berlin')).toBe('Central European Time – Berlin');
    expect(formatterFor('de').zone('America/New_York')).toBe('Nordamerikanische Ostküstenzeit – New York');
    expect(formatterFor('fr').zone('Asia/Dubai')).toBe('heure du Golfe – Dubai');
    expect(formatterFor('ar').zone('Europe/Berlin')).toBe('توقيت وسط أوروبا – Berlin');
    // UTC has no generic name, only its specific one; the place is its code.
    expect(formatterFor('pt').zone('UTC')).toBe('Hora Coordenada Universal – UTC');
    // A zone Intl names only by its offset keeps its code.
    expect(formatterFor('en').zone('Etc/GMT+5')).toBe('Etc/GMT+5');
  });
});

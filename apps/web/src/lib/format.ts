import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';
import { intlLocale } from '@wac/shared/intl-locale';

/**
 * The one way a screen shows a value: every date, time, number and every code (role, plan,
 * status, audit action, target type) goes through the reader's language here, with `Intl` for
 * dates and numbers and the `values` catalog for codes. A screen never prints `toLocaleString()`
 * (which follows the browser, not the chosen language) or a raw code.
 */
export interface Formatter {
  language: string;
  /** "25 Aug 2026" in en, "25.08.2026" in de … */
  date: (value: string | Date | number) => string;
  /** Date and time to the minute. */
  dateTime: (value: string | Date | number) => string;
  /** "3 minutes ago", "yesterday", "in 2 days" (the exact time is `dateTime`). */
  relative: (value: string | Date | number, now?: number) => string;
  number: (value: number) => string;
  /** A percentage given in points (12.5 → "12.5%", "12,5 %" in de); at most one decimal. */
  percent: (points: number) => string;
  /** A number with at most `digits` decimals (hours, averages). */
  decimal: (value: number, digits?: number) => string;
  role: (code: string) => string;
  /** Several roles as one list in the language ("Admin and Member"). */
  roles: (codes: readonly string[]) => string;
  plan: (code: string) => string;
  status: (code: string) => string;
  action: (code: string) => string;
  target: (code: string) => string;
  boolean: (value: boolean) => string;
  /** A list of words in the language ("a, b and c"). */
  list: (items: readonly string[]) => string;
  /**
   * A time zone named in the language, its place after it: "Central European Time – Berlin",
   * "heure d’Europe centrale – Berlin"; the IANA code only where the language has no name for it.
   */
  zone: (iana: string) => string;
}

type Kind = 'role' | 'plan' | 'status' | 'action' | 'target';

/**
 * A value set inside a sentence in its own direction (Unicode first-strong isolate … pop): a Latin
 * leave type or a date range inside an Arabic sentence keeps its own order instead of being torn
 * apart by the sentence's ("بانتظار الموافقة: Vacation، 2026/12/8 – 2026/12/10" read with the
 * month of one date beside the other's year). Invisible, and not read aloud.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;

/** What an unknown code shows: words, not the code ("join_request.accept" → "Join request accept"). */
export function humanise(code: string): string {
  const words = code.replace(/[._-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

const toDate = (value: string | Date | number) => (value instanceof Date ? value : new Date(value));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const cache = new Map<string, Formatter>();

/**
 * The name of a time zone in a language ("Central European Time"), or null where Intl knows none.
 * The generic name first (no summer/winter); UTC has only a specific one; a name that is an offset
 * ("GMT+03:00", "غرينتش+03:00") says less than the place does.
 */
function zoneName(language: string, iana: string): string | null {
  for (const style of ['longGeneric', 'long'] as const) {
    try {
      const parts = new Intl.DateTimeFormat(intlLocale(language), {
        timeZone: iana,
        timeZoneName: style,
      }).formatToParts(Date.UTC(2026, 0, 15));
      const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
      if (name && !/\p{Nd}/u.test(name)) return name;
    } catch {
      return null;
    }
  }
  return null;
}

export function formatterFor(language: string): Formatter {
  const cached = cache.get(language);
  if (cached) return cached;
  // Looked up on each call: a catalog that loads later is seen at once.
  const t = (key: string, defaultValue?: string) => i18n.t(key, { lng: language, ns: 'values', defaultValue });
  // Nested keys: `action.invitation.create`; a plan code keeps its dashes.
  const label = (kind: Kind, code: string) => t(`${kind}.${code}`, humanise(code));
  const dateFormat = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' });
  const dateTimeFormat = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
  const relativeFormat = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
  const numberFormat = new Intl.NumberFormat(intlLocale(language));
  const listFormat = new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' });
  const zones = new Map<string, string>();
  const f: Formatter = {
    language,
    date: (v) => dateFormat.format(toDate(v)),
    dateTime: (v) => dateTimeFormat.format(toDate(v)),
    relative: (v, now = Date.now()) => {
      const seconds = Math.round((toDate(v).getTime() - now) / 1000);
      const abs = Math.abs(seconds);
      if (abs < 45) return relativeFormat.format(0, 'second');
      for (const [unit, size] of UNITS) {
        if (abs >= size) return relativeFormat.format(Math.round(seconds / size), unit);
      }
      return relativeFormat.format(seconds, 'second');
    },
    number: (n) => numberFormat.format(n),
    percent: (points) =>
      new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(points / 100),
    decimal: (n, digits = 1) =>
      new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: digits }).format(n),
    role: (code) => label('role', code),
    roles: (codes) => listFormat.format(codes.map((c) => label('role', c))),
    plan: (code) => label('plan', code),
    status: (code) => label('status', code),
    action: (code) => label('action', code),
    target: (code) => label('target', code),
    boolean: (v) => t(`boolean.${v}`),
    list: (items) => listFormat.format(items),
    zone: (iana) => {
      const known = zones.get(iana);
      if (known !== undefined) return known;
      const place = iana.includes('/') ? iana.slice(iana.lastIndexOf('/') + 1).replace(/_/g, ' ') : iana;
      const name = zoneName(language, iana);
      const shown = name ? (name === place ? name : `${name} – ${place}`) : iana;
      zones.set(iana, shown);
      return shown;
    },
  };
  cache.set(language, f);
  return f;
}

/** The formatter of the current language; screens re-render when the language changes. */
export function useFormat(): Formatter {
  const { i18n: i } = useTranslation('values');
  return useMemo(() => formatterFor(i.language), [i.language]);
}

import type { TimeOffUnit } from '@wac/shared/schemas/time-off-types';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '@wac/shared/intl-locale';

/**
 * Calendar days (`YYYY-MM-DD`) and amounts of time off in the reader's language. A day is the
 * company's day: it is shown as written, never shifted by the browser's zone.
 */
export function useDays() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'short', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(intlLocale(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const num = new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 });
    // Intl knows each language's plurals ("1 day", "2 days", "3 أيام"). But Arabic writes one and two
    // as the unit's word alone ("يوم", "يومان"), without the number and without its sign: a ledger's
    // "-2 days" read "يومان", as if positive. There the number is written back, with its sign, beside
    // the unit's word for one ("-2 يوم").
    const inUnit = (unit: 'day' | 'hour', signDisplay: 'auto' | 'exceptZero') => {
      const options = { maximumFractionDigits: 2, signDisplay } as const;
      const f = new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit, unitDisplay: 'long', ...options });
      const plain = new Intl.NumberFormat(intlLocale(lang), options);
      const word = f
        .formatToParts(1)
        .filter((p) => p.type === 'unit')
        .map((p) => p.value)
        .join('');
      return {
        format: (n: number) =>
          f.formatToParts(n).some((p) => p.type === 'integer') ? f.format(n) : `${plain.format(n)} ${word}`,
      };
    };
    const inDays = inUnit('day', 'auto');
    const inHours = inUnit('hour', 'auto');
    // A change to a balance carries its sign, written by Intl as a negative balance writes its own (a
    // hand-written "−" beside Intl's "-" put a ledger of "−14 days" under a balance of "-4 days").
    const changeInDays = inUnit('day', 'exceptZero');
    const changeInHours = inUnit('hour', 'exceptZero');
    const at = (d: string) => new Date(`${d}T00:00:00Z`);
    return {
      date: (d: string) => day.format(at(d)),
      range: (from: string, to: string) => (from === to ? day.format(at(from)) : day.formatRange(at(from), at(to))),
      weekday: (d: string) => weekday.format(at(d)),
      month: (m: string) => month.format(at(`${m}-01`)),
      number: (n: number) => num.format(n),
      /** "3 days", "1.5 days", "7.5 hours". */
      amount: (n: number, unit: TimeOffUnit) => (unit === 'days' ? inDays : inHours).format(n),
      /** "+25 days", "-14 days": a change to a balance, with its sign. */
      change: (n: number, unit: TimeOffUnit) => (unit === 'days' ? changeInDays : changeInHours).format(n),
    };
  }, [lang]);
}

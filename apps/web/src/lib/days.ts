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
    // Intl knows each language's plurals ("1 day", "2 days", "يومان").
    const inUnit = (unit: 'day' | 'hour', signDisplay: 'auto' | 'exceptZero') =>
      new Intl.NumberFormat(intlLocale(lang), {
        style: 'unit',
        unit,
        unitDisplay: 'long',
        maximumFractionDigits: 2,
        signDisplay,
      });
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

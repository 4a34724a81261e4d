import { useTranslation } from 'react-i18next';
import { intlLocale } from '@wac/shared/intl-locale';

/**
 * Times and days in the company's zone, in the reader's language: a company day (`YYYY-MM-DD`) is
 * a calendar date, not an instant, so it is read in UTC; an instant is shown on the company's clock.
 */
export function useZonedFormat(timeZone: string | undefined) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  // The time of day is written as a date and time writes it (`timeStyle: 'short'`, as `stamp` here
  // and `f.dateTime`): a 2-digit hour beside it read "8:50 AM – 07:00 PM" in one cell.
  const time = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(intlLocale(lang), {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const longDay = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', dateStyle: 'medium' });
  const stamp = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const n = new Intl.NumberFormat(intlLocale(lang));
  const two = new Intl.NumberFormat(intlLocale(lang), { minimumIntegerDigits: 2 });
  return {
    /** The time of day of an instant on the company's clock. */
    time: (v: string | null | undefined) => (v ? time.format(new Date(v)) : '—'),
    /** Date and time of an instant on the company's clock. */
    stamp: (v: string | null | undefined) => (v ? stamp.format(new Date(v)) : '—'),
    day: (d: string) => day.format(new Date(`${d}T00:00:00Z`)),
    longDay: (d: string) => longDay.format(new Date(`${d}T00:00:00Z`)),
    /** `h:mm` of a number of minutes, digits in the reader's language. */
    minutes: (m: number) => `${n.format(Math.floor(m / 60))}:${two.format(m % 60)}`,
  };
}

/** `HH:MM` of an instant on the company's clock (for time inputs). */
export function wallTime(v: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(v),
  );
}

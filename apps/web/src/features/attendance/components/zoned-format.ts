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
  const duration = durationFormat(lang);
  return {
    /** The time of day of an instant on the company's clock. */
    time: (v: string | null | undefined) => (v ? time.format(new Date(v)) : '—'),
    /** Date and time of an instant on the company's clock. */
    stamp: (v: string | null | undefined) => (v ? stamp.format(new Date(v)) : '—'),
    day: (d: string) => day.format(new Date(`${d}T00:00:00Z`)),
    longDay: (d: string) => longDay.format(new Date(`${d}T00:00:00Z`)),
    /** A number of minutes as hours and minutes in the reader's language ("37 hr 30 min", "37 h e 30 min"). */
    minutes: (m: number) => duration(m * 60),
  };
}

/**
 * Every duration the attendance screens show (a schedule's week, a day's worked, expected, overtime
 * and late time, the running clock): hours, minutes and, when asked, seconds, each a number with its
 * unit in the reader's language (`Intl.NumberFormat` units joined by `Intl.ListFormat`, which is what
 * `Intl.DurationFormat` does where it exists; Node and older browsers lack it). A zero part is left
 * out, except a zero duration, which reads "0 min". "37:30" read as a time of day, and in Arabic or
 * German as nothing in particular.
 */
export function durationFormat(lang: string) {
  const unit = (u: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit: u, unitDisplay: 'short' });
  const h = unit('hour');
  const m = unit('minute');
  const s = unit('second');
  const list = new Intl.ListFormat(intlLocale(lang), { type: 'unit', style: 'narrow' });
  return (seconds: number, withSeconds = false) => {
    const sign = seconds < 0 ? -1 : 1;
    const total = Math.abs(Math.trunc(seconds));
    const parts: Array<[Intl.NumberFormat, number]> = [
      [h, Math.floor(total / 3600)],
      [m, Math.floor((total % 3600) / 60)],
      ...(withSeconds ? [[s, total % 60] as [Intl.NumberFormat, number]] : []),
    ];
    const shown = parts.filter(([, n]) => n > 0);
    // The sign goes on the first part shown: "-1 hr 30 min", not "-1 hr -30 min".
    // Nothing yet reads "0 min", also on the running clock ("0 sec" read as a stopwatch).
    const words = (shown.length ? shown : [parts[1]!]).map(([f, n], i) => f.format(i === 0 ? sign * n : n));
    return list.format(words);
  };
}

/** `HH:MM` of an instant on the company's clock (for time inputs). */
export function wallTime(v: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(v),
  );
}

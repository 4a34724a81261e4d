import { intlLocale } from '@wac/shared/intl-locale';
import { weekdayNames } from './weekday-names';

type Day = { start: string; end: string } | null;

const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(Date.UTC(2024, 0, 1, h, m));
};

/**
 * A schedule's week as people read one, in their language: the days that keep the same hours run
 * together, one line each ("Mon – Fri" and "9:00 AM – 5:00 PM"), and a time is written as the console
 * writes every other time ("9:00 AM" in English, "09:00" in German), not as the stored `HH:MM`.
 */
export function scheduleWeek(days: readonly Day[], lang: string): { days: string; hours: string }[] {
  const short = weekdayNames(lang, 'short');
  const time = new Intl.DateTimeFormat(intlLocale(lang), { timeStyle: 'short', timeZone: 'UTC' });
  // A night shift ends the next day: its end is earlier than its start and is not a range of one day.
  const hours = (d: NonNullable<Day>) =>
    d.start < d.end
      ? time.formatRange(at(d.start), at(d.end))
      : `${time.format(at(d.start))} – ${time.format(at(d.end))}`;
  const lines: { days: string; hours: string }[] = [];
  let i = 0;
  while (i < days.length) {
    const d = days[i];
    if (!d) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < days.length && days[j + 1]?.start === d.start && days[j + 1]?.end === d.end) j++;
    const span = j === i ? short[i]! : `${short[i]} – ${short[j]}`;
    lines.push({ days: span, hours: hours(d) });
    i = j + 1;
  }
  return lines;
}

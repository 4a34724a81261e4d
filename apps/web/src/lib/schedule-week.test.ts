import { describe, expect, it } from 'vitest';
import { scheduleWeek } from './schedule-week';

const nine = { start: '09:00', end: '17:00' };
const OFFICE = [nine, nine, nine, nine, nine, null, null];

/** Intl writes narrow and thin spaces around AM/PM and the range dash; compare words, not spaces. */
const plain = (lines: { days: string; hours: string }[]) =>
  lines.map((l) => `${l.days} ${l.hours}`.replace(/[\u202f\u2009\u00a0]/g, ' '));

describe('a work schedule week, as people read it', () => {
  it('runs days of the same hours together and writes times as the language does (English: 12-hour clock)', () => {
    expect(plain(scheduleWeek(OFFICE, 'en'))).toEqual(['Mon – Fri 9:00 AM – 5:00 PM']);
  });

  it('keeps days of other hours on lines of their own, days off left out (German: 24-hour clock)', () => {
    const week = [nine, nine, { start: '08:00', end: '12:30' }, nine, nine, { start: '10:00', end: '14:00' }, null];
    expect(plain(scheduleWeek(week, 'de'))).toEqual([
      'Mo – Di 09:00–17:00 Uhr',
      'Mi 08:00–12:30 Uhr',
      'Do – Fr 09:00–17:00 Uhr',
      'Sa 10:00–14:00 Uhr',
    ]);
  });

  it('writes a night shift, whose end is the next day, from its start to its end', () => {
    expect(plain(scheduleWeek([{ start: '22:00', end: '06:00' }, null, null, null, null, null, null], 'fr'))).toEqual([
      'lun. 22:00 – 06:00',
    ]);
  });

  it('has no line for a week of days off', () => {
    expect(scheduleWeek([null, null, null, null, null, null, null], 'ar')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, dayBounds, isoWeekday, isValidTimeZone, weekStartOf, zonedDate, zonedInstant } from './zoned-time';

const hours = (date: string, tz: string) => {
  const { start, end } = dayBounds(date, tz);
  return (end.getTime() - start.getTime()) / 3_600_000;
};

describe('zoned time', () => {
  it('knows the 23- and 25-hour days of New York and Berlin', () => {
    expect(hours('2026-03-08', 'America/New_York')).toBe(23);
    expect(hours('2026-11-01', 'America/New_York')).toBe(25);
    expect(hours('2026-03-29', 'Europe/Berlin')).toBe(23);
    expect(hours('2026-10-25', 'Europe/Berlin')).toBe(25);
    expect(hours('2026-06-10', 'Europe/Berlin')).toBe(24);
  });

  it('maps wall-clock times to instants across the changes', () => {
    expect(zonedInstant('2026-03-08', '09:00', 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(zonedInstant('2026-03-07', '09:00', 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(zonedInstant('2026-10-25', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-10-25T08:00:00.000Z');
    // 02:30 does not exist on the spring-forward night: the instant after the gap.
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 happens twice in the autumn: the first pass.
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it("tells an instant's day in each zone (two companies, one instant)", () => {
    const instant = new Date('2026-05-01T02:30:00Z');
    expect(zonedDate(instant, 'America/New_York')).toBe('2026-04-30');
    expect(zonedDate(instant, 'Europe/Berlin')).toBe('2026-05-01');
  });

  it('validates zones and does calendar arithmetic', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(weekStartOf('2026-11-25', 1)).toBe('2026-11-23');
    expect(weekStartOf('2026-11-25', 7)).toBe('2026-11-22');
  });
});

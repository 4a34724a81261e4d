import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialDayOf, trialEndOf } from './trial-day';

describe('a trial’s end day, in the reader’s time zone', () => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  it('a day picked in New York ends that evening there, and reads back as the same day', () => {
    const end = trialEndOf('2026-12-20');
    expect(end).toBe('2026-12-21T04:59:59.999Z');
    expect(trialDayOf(end)).toBe('2026-12-20');
    expect(new Date(end).toLocaleDateString('en-US', { dateStyle: 'medium' })).toBe('Dec 20, 2026');
  });

  it('a trial saved at midnight UTC is the day before in New York, as the listing shows it', () => {
    expect(trialDayOf('2026-12-20T00:00:00.000Z')).toBe('2026-12-19');
    expect(trialDayOf(null)).toBe('');
  });
});

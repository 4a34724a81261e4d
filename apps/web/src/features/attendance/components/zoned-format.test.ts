import { describe, expect, it } from 'vitest';
import { durationFormat } from './zoned-format';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('durations on the attendance screens', () => {
  it('reads as hours and minutes in each language, never as a time of day', () => {
    const week = 37 * 3600 + 30 * 60;
    expect(plain(durationFormat('en')(week))).toBe('37 hr 30 min');
    expect(plain(durationFormat('fr')(week))).toBe('37 h 30 min');
    expect(plain(durationFormat('pt')(week))).toBe('37 h e 30 min');
    expect(plain(durationFormat('de')(week))).toMatch(/^37 Std\.,? 30 Min\.$/);
    const ar = durationFormat('ar')(week);
    expect(ar).toContain(new Intl.NumberFormat('ar').format(37));
    expect(ar).not.toContain(':');
  });

  it('leaves out a zero part, says a zero duration, keeps the sign once, and shows seconds when asked', () => {
    const f = durationFormat('en');
    expect(plain(f(8 * 3600))).toBe('8 hr');
    expect(plain(f(45 * 60))).toBe('45 min');
    expect(plain(f(0))).toBe('0 min');
    expect(plain(f(-90 * 60))).toBe('-1 hr 30 min');
    expect(plain(f(3600 + 5, true))).toBe('1 hr 5 sec');
    expect(plain(f(0, true))).toBe('0 min');
    expect(plain(f(59, true))).toBe('59 sec');
  });
});

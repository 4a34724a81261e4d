import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../../test/render';
import { KpiCard } from './kpi-card';

const rate = (change: number) => ({
  key: 'latenessRate' as const,
  unit: 'percent' as const,
  value: 16.5,
  previous: 19.5,
  change,
});

afterEach(async () => {
  await setLanguage('en', false);
});

describe('a KPI card', () => {
  it('writes a change of a rate in points with the plural its language gives it', async () => {
    await setLanguage('ar', false);
    const n = (v: number) => new Intl.NumberFormat('ar').format(v);
    const badge = (change: number) => {
      const { unmount } = renderScreen(<KpiCard kpi={rate(change)} />);
      const text = screen.getByTestId('kpi-latenessRate').querySelector('.mantine-Badge-root')?.textContent;
      unmount();
      return text;
    };
    // "3 نقطة" was the singular beside a number that takes the plural.
    expect(badge(-3)).toBe(`▼ ${n(3)} نقاط`);
    expect(badge(-1)).toBe('▼ نقطة واحدة');
    expect(badge(2)).toBe('▲ نقطتان');
    expect(badge(11)).toBe(`▲ ${n(11)} نقطة`);
    expect(badge(4.4)).toBe(`▲ ${n(4.4)} نقطة`);
    await setLanguage('en', false);
    expect(badge(1)).toBe('▲ 1 pt');
    expect(badge(-15.44)).toBe('▼ 15.4 pts');
    await setLanguage('fr', false);
    expect(badge(1.5)).toBe('▲ 1,5 pt');
  });
});

import { LANGUAGES } from '@wac/shared/constants';
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDays } from './days';
import { setLanguage } from './i18n';

/** The digits of a formatted amount with its sign ("-2", "+0.5"), whatever the language's words. */
const signed = (text: string) => text.replace(/[^\d.,+-]/g, '').replace(',', '.');

describe('amounts of time off in every language', () => {
  beforeAll(async () => {
    for (const l of LANGUAGES) await setLanguage(l, false);
  });
  afterAll(() => setLanguage('en', false));

  it('always writes the number and, for a change, its sign (Arabic writes one and two as a word alone)', async () => {
    for (const lang of LANGUAGES) {
      await act(() => setLanguage(lang, false));
      const { result } = renderHook(() => useDays());
      for (const n of [-20, -2, -1, -0.5, 0.5, 1, 2, 3]) {
        expect(signed(result.current.change(n, 'days')), `${lang} change ${n}`).toBe(n > 0 ? `+${n}` : `${n}`);
        expect(signed(result.current.change(n, 'hours')), `${lang} change ${n} h`).toBe(n > 0 ? `+${n}` : `${n}`);
        expect(signed(result.current.amount(n, 'days')), `${lang} balance ${n}`).toBe(`${n}`);
      }
    }
  });

  it('keeps the word Intl gives in Arabic, beside the number', async () => {
    await act(() => setLanguage('ar', false));
    const { result } = renderHook(() => useDays());
    expect(result.current.change(-2, 'days')).toBe('\u200e-2 يوم');
    expect(result.current.amount(3, 'days')).toBe('3 أيام');
  });
});

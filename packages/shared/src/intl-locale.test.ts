import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { intlLocale } from './intl-locale';

describe('intlLocale', () => {
  it('formats Portuguese as European Portuguese, every other language as itself', () => {
    expect(intlLocale('pt')).toBe('pt-PT');
    for (const l of LANGUAGES.filter((x) => x !== 'pt')) expect(intlLocale(l)).toBe(l);
    const day = new Date(Date.UTC(2026, 7, 25));
    expect(new Intl.DateTimeFormat(intlLocale('pt'), { dateStyle: 'medium', timeZone: 'UTC' }).format(day)).toBe(
      '25/08/2026',
    );
  });
});

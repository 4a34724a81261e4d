import { intlLocale } from '@wac/shared/intl-locale';
/** Monday-first weekday names in a language (2024-01-01 was a Monday). */
export const weekdayNames = (lang: string, width: 'long' | 'short' = 'long') => {
  const f = new Intl.DateTimeFormat(intlLocale(lang), { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2024, 0, 1 + i))));
};

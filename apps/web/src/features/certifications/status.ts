import type { CertificationStatus } from '@wac/shared/schemas/certifications';
import { intlLocale } from '@wac/shared/intl-locale';

/** Filled, dark shades: readable (WCAG AA) in light and dark skins, like the policies'. */
export const STATUS_COLOR: Record<CertificationStatus, string> = {
  valid: 'teal.9',
  // Darker than orange.9 (#d9480f, 4.3:1 under white text, fails AA): about 6.5:1.
  expiring: '#a63a00',
  expired: 'red.9',
  missing: 'gray.7',
};

/** "24 months", "24 Monate", "٢٤ شهرًا": a duration in the reader's language, with its own plural rules. */
export const duration = (language: string, n: number, unit: 'month' | 'day') =>
  new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long' }).format(n);

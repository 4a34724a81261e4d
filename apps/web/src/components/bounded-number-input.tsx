import { NumberInput, type NumberInputProps } from '@mantine/core';
import { intlLocale } from '@wac/shared/intl-locale';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format';

/** The decimal mark the reader writes (`1,5` in German, French, Portuguese; `1.5` in English). */
const decimalMarkOf = (language: string) => {
  const mark = new Intl.NumberFormat(intlLocale(language)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return mark === ',' ? ',' : '.';
};

/**
 * A number field with a range that says so when the number typed is outside it, instead of
 * changing it to the nearest bound behind the admin's back (Mantine clamps on blur: a due date of
 * 400 days saved as 365). The server refuses what is out of range, so nothing changes either way.
 */
export function BoundedNumberInput({
  min,
  max,
  error,
  value,
  ...props
}: Omit<NumberInputProps, 'min' | 'max' | 'clampBehavior'> & { min: number; max: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : null;
  const outside = n !== null && Number.isFinite(n) && (n < min || n > max);
  const range = outside ? t('admin:common.numberRange', { min: f.number(min), max: f.number(max) }) : null;
  // A decimal is shown with the reader's mark (a German "1.5" reads as fifteen); either mark may be typed.
  return (
    <NumberInput
      decimalSeparator={decimalMarkOf(i18n.language)}
      allowedDecimalSeparators={['.', ',']}
      {...props}
      value={value}
      min={min}
      max={max}
      clampBehavior="none"
      error={error || range}
    />
  );
}

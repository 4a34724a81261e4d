import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format';

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
  const { t } = useTranslation();
  const f = useFormat();
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : null;
  const outside = n !== null && Number.isFinite(n) && (n < min || n > max);
  const range = outside ? t('admin:common.numberRange', { min: f.number(min), max: f.number(max) }) : null;
  return <NumberInput {...props} value={value} min={min} max={max} clampBehavior="none" error={error || range} />;
}

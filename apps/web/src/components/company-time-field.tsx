import '@mantine/dates/styles.css';
import { TimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '@wac/shared/intl-locale';

const at = (hour: number) => new Date(Date.UTC(2000, 0, 1, hour));

/**
 * A time of the company's day (`HH:mm`) typed in the console's language: 24 hours where the
 * language counts so (de, fr, pt), 12 with its own day periods where it does not (en "AM"/"PM",
 * ar "ص"/"م"). A native time field follows the browser's language instead (a German console on an
 * English browser asked for "09:00 AM"). Each of its inputs is named after the field ("In, hours").
 * Without a visible label (a table cell), `name` names it for screen readers only.
 */
export function CompanyTimeField({
  label,
  name,
  value,
  onChange,
  required,
  error,
  testId,
}: {
  label?: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cycle = new Intl.DateTimeFormat(intlLocale(lang), { hour: 'numeric', timeZone: 'UTC' }).resolvedOptions()
    .hourCycle;
  const twelve = cycle === 'h11' || cycle === 'h12';
  const period = (hour: number) =>
    new Intl.DateTimeFormat(intlLocale(lang), { hour: 'numeric', hour12: true, timeZone: 'UTC' })
      .formatToParts(at(hour))
      .find((p) => p.type === 'dayPeriod')?.value ?? (hour < 12 ? 'AM' : 'PM');
  // "In, hours"; Arabic separates the two with its own comma ("الحضور، الساعات").
  const of = (part: string) => t('admin:common.time.partOf', { field: label ?? name, part });
  return (
    <TimePicker
      label={label}
      value={value}
      onChange={(v) => onChange(v.slice(0, 5))}
      format={twelve ? '12h' : '24h'}
      amPmLabels={{ am: period(9), pm: period(15) }}
      hoursInputLabel={of(t('admin:common.time.hours'))}
      minutesInputLabel={of(t('admin:common.time.minutes'))}
      amPmInputLabel={of(t('admin:common.time.dayPeriod'))}
      withAsterisk={required}
      error={error}
      data-testid={testId}
    />
  );
}

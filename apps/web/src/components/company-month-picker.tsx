import '@mantine/dates/styles.css';
import { MonthPickerInput } from '@mantine/dates';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '@wac/shared/intl-locale';

// Mantine's pickers hand their labels ISO dates (`YYYY-MM-DD`): read them as calendar dates, in UTC.
const utc = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00Z`);

/**
 * A company month (`YYYY-MM`) picked from a list of months in the reader's language, the sibling of
 * `CompanyDatePicker`: the field, the year header and the months are written by `Intl` in the
 * console's language. A native month field wrote them in the browser's (an Arabic console showed
 * "November 2026"), and is a bare text box where the browser has none (Firefox).
 */
export function CompanyMonthPicker({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const popoverId = useId();
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { timeZone: 'UTC', ...o });
  const monthYear = f({ month: 'long', year: 'numeric' });
  const year = f({ year: 'numeric' });
  // A month's button shows its whole name, which its spoken name (with the year) contains.
  const month = f({ month: 'long' });
  return (
    <MonthPickerInput
      id={popoverId}
      label={label}
      value={value ? `${value}-01` : null}
      onChange={(v) => v && onChange(String(v).slice(0, 7))}
      valueFormatter={({ date }) => (date && !Array.isArray(date) ? monthYear.format(utc(String(date))) : '')}
      yearLabelFormat={(d) => year.format(utc(d))}
      monthsListFormat={(d) => month.format(utc(d))}
      yearsListFormat={(d) => year.format(utc(d))}
      decadeLabelFormat={(from, to) => `${year.format(utc(from))} – ${year.format(utc(to))}`}
      getMonthControlProps={(d) => ({ 'aria-label': monthYear.format(utc(d)) })}
      getYearControlProps={(d) => ({ 'aria-label': year.format(utc(d)) })}
      ariaLabels={{
        previousYear: t('admin:common.calendar.previousYear'),
        nextYear: t('admin:common.calendar.nextYear'),
        previousDecade: t('admin:common.calendar.previousDecade'),
        nextDecade: t('admin:common.calendar.nextDecade'),
      }}
      popoverProps={{ withinPortal: false, id: popoverId }}
      miw={180}
      data-testid={testId}
    />
  );
}

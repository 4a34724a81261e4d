import '@mantine/dates/styles.css';
import { DatePickerInput, type DayOfWeek } from '@mantine/dates';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '@wac/shared/intl-locale';

// Mantine's calendar hands its labels ISO dates (`YYYY-MM-DD`): read them as calendar dates, in UTC.
const utc = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00Z`);

/**
 * A company day (`YYYY-MM-DD`) picked from a calendar in the reader's language: every label (the
 * field's value, month and year headers, weekday names, day numbers and their spoken names) is
 * written by `Intl` in the console's language, not the browser's, and the week starts on the
 * company's first day (Monday unless given). Mantine's dates package (and dayjs under it) is loaded only by the screens
 * that render this, never by the sign-in page. Cleared, the value is ''.
 */
export function CompanyDatePicker({
  label,
  description,
  value,
  onChange,
  weekStart,
  testId,
  placeholder,
  clearLabel,
  clearable = true,
  required,
  minDate,
  maxDate,
  readOnly,
  error,
  inDialog = false,
}: {
  label: string;
  description?: string;
  testId?: string;
  value: string;
  onChange: (value: string) => void;
  /** The company's first day of the week, ISO (1 Monday … 7 Sunday). */
  weekStart?: number;
  placeholder?: string;
  /** The clear button's accessible name (what clearing means here). */
  clearLabel?: string;
  clearable?: boolean;
  required?: boolean;
  /** The first day that may be picked (`YYYY-MM-DD`). */
  minDate?: string;
  /** The last day that may be picked (`YYYY-MM-DD`). */
  maxDate?: string;
  readOnly?: boolean;
  error?: string;
  /**
   * In a dialog the calendar opens in its own dialog above it: a dropdown inside the dialog would be
   * cut off by the dialog's scrolling body.
   */
  inDialog?: boolean;
}) {
  const { t, i18n } = useTranslation();
  // The calendar's dialog is labelled by its target, whose id is the popover's: the field takes that
  // id (Mantine's input would give it another), so the dialog is named and the label still points at it.
  const popoverId = useId();
  const lang = i18n.language;
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', ...o });
  const medium = f({ dateStyle: 'medium' });
  const full = f({ dateStyle: 'full' });
  const monthYear = f({ month: 'long', year: 'numeric' });
  const year = f({ year: 'numeric' });
  const month = f({ month: 'short' });
  const weekday = f({ weekday: 'short' });
  const dayNumber = f({ day: 'numeric' });
  return (
    <DatePickerInput
      id={popoverId}
      label={label}
      description={description}
      placeholder={placeholder}
      value={value || null}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : '')}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': clearLabel ?? t('admin:common.calendar.clear') }}
      withAsterisk={required}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      readOnly={readOnly}
      // A day that cannot be changed here looks it, as other read-only fields do.
      variant={readOnly ? 'filled' : undefined}
      error={error}
      valueFormatter={({ date }) => (date && !Array.isArray(date) ? medium.format(utc(String(date))) : '')}
      firstDayOfWeek={((weekStart ?? 1) % 7) as DayOfWeek}
      monthLabelFormat={(d) => monthYear.format(utc(d))}
      yearLabelFormat={(d) => year.format(utc(d))}
      monthsListFormat={(d) => month.format(utc(d))}
      yearsListFormat={(d) => year.format(utc(d))}
      decadeLabelFormat={(from, to) => `${year.format(utc(from))} – ${year.format(utc(to))}`}
      weekdayFormat={(d) => weekday.format(utc(d))}
      renderDay={(d) => dayNumber.format(utc(d))}
      getDayAriaLabel={(d) => full.format(utc(d))}
      ariaLabels={{
        previousMonth: t('admin:common.calendar.previousMonth'),
        nextMonth: t('admin:common.calendar.nextMonth'),
        previousYear: t('admin:common.calendar.previousYear'),
        nextYear: t('admin:common.calendar.nextYear'),
        previousDecade: t('admin:common.calendar.previousDecade'),
        nextDecade: t('admin:common.calendar.nextDecade'),
      }}
      // Days of the next and previous months are greyed below the contrast a reader needs: not shown.
      hideOutsideDates
      // Weekends in Mantine's red fall below 4.5:1 on white; the company's schedule, not the calendar, says who works.
      weekendDays={[]}
      dropdownType={inDialog ? 'modal' : 'popover'}
      // The calendar's dialog header is no page banner (axe: one banner landmark per page).
      modalProps={{ title: label, attributes: { header: { role: 'none' } } }}
      popoverProps={{ withinPortal: false, id: popoverId }}
      miw={200}
      data-testid={testId}
    />
  );
}

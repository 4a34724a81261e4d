import { useFormat } from '../lib/format';

/**
 * A moment in the reader's language: relative ("3 hours ago") where recency matters, with the
 * exact date and time on hover and in the `datetime` attribute; or the date, or the date and time.
 */
export function When({ value, show = 'relative' }: { value: string | Date; show?: 'relative' | 'date' | 'dateTime' }) {
  const f = useFormat();
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const exact = f.dateTime(date);
  const text = show === 'relative' ? f.relative(date) : show === 'date' ? f.date(date) : exact;
  return (
    <time dateTime={date.toISOString()} title={exact}>
      {text}
    </time>
  );
}

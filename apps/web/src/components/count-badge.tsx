import { Badge } from '@mantine/core';
import { useFormat } from '../lib/format';

/**
 * A menu entry's count of what waits for the signed-in person (time-off requests, corrections,
 * certificate uploads): nothing at zero, "999+" past it, named in words for screen readers.
 */
export function CountBadge({ n, label, testId }: { n: number; label: string; testId: string }) {
  const f = useFormat();
  if (n <= 0) return null;
  return (
    <Badge size="sm" circle={n < 10} color="red.9" data-testid={testId} aria-label={label}>
      {n >= 1000 ? `${f.number(999)}+` : f.number(n)}
    </Badge>
  );
}

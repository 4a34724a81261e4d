import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useApprovalCount } from '../api/get-approvals';

/** The menu's count of requests waiting for the signed-in person (refreshed live). */
export function ApprovalBadge() {
  const { t } = useTranslation();
  const f = useFormat();
  const count = useApprovalCount();
  const n = count.data?.pending ?? 0;
  if (n <= 0) return null;
  return (
    <Badge
      size="sm"
      circle={n < 10}
      color="red.9"
      data-testid="time-off-pending-badge"
      aria-label={t('admin:timeOff.pendingBadge', { count: n })}
    >
      {n >= 1000 ? `${f.number(999)}+` : f.number(n)}
    </Badge>
  );
}

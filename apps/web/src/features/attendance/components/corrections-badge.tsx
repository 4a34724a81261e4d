import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge';
import { usePendingCount } from '../api/get-pending-count';

/** The menu's count of correction requests waiting for an attendance admin (refreshed live). */
export function CorrectionsBadge() {
  const { t } = useTranslation();
  const n = usePendingCount().data?.count ?? 0;
  return (
    <CountBadge n={n} label={t('admin:attendance.pendingBadge', { count: n })} testId="corrections-pending-badge" />
  );
}

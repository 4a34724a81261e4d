import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge';
import { useApprovalCount } from '../api/get-approvals';

/** The menu's count of requests waiting for the signed-in person (refreshed live). */
export function ApprovalBadge() {
  const { t } = useTranslation();
  const n = useApprovalCount().data?.pending ?? 0;
  return <CountBadge n={n} label={t('admin:timeOff.pendingBadge', { count: n })} testId="time-off-pending-badge" />;
}

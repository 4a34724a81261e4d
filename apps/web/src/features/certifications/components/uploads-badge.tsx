import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge';
import { useSubmissions } from '../api/get-submissions';

/** The menu's count of certificates members uploaded, waiting for a compliance admin (refreshed live). */
export function UploadsBadge() {
  const { t } = useTranslation();
  // The queue's first page of one: its total is the count (the partial index on pending rows).
  const n = useSubmissions({ page: 1, itemsPerPage: 1 }).data?.totalItems ?? 0;
  return (
    <CountBadge n={n} label={t('admin:certifications.uploadsBadge', { count: n })} testId="uploads-pending-badge" />
  );
}

import { intlLocale } from '@wac/shared/intl-locale';
import { useTranslation } from 'react-i18next';
import { BatchGoneAlert, BatchProgressAlert } from '../../../components/batch-progress-alert';
import { useImportProgress } from '../api/get-import-progress';

/**
 * The invitation mails of one import, live: sent, failed and the total, from the server's jobs, so
 * the figures are the same after a reload (the batch id is in the address) or a server restart.
 */
export function ImportProgress({ batchId, onClose }: { batchId: string; onClose?: () => void }) {
  const { t, i18n } = useTranslation();
  const { data, isError } = useImportProgress(batchId);
  const n = (v: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(v);
  if (isError) return <BatchGoneAlert text={t('admin:import.progressGone')} onClose={onClose} />;
  if (!data) return null;
  return (
    <BatchProgressAlert
      testId="import-progress"
      title={t(data.done ? 'admin:import.progressDone' : 'admin:import.progressTitle')}
      done={data.done}
      succeeded={(100 * data.sent) / data.total}
      failed={(100 * data.failed) / data.total}
      onClose={onClose}
      text={t('admin:import.progress', {
        sent: t('admin:import.sentCount', { count: data.sent }),
        failed: t('admin:import.failedCount', { count: data.failed }),
        total: n(data.total),
      })}
    />
  );
}

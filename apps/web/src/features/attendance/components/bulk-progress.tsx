import { intlLocale } from '@wac/shared/intl-locale';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchGoneAlert, BatchProgressAlert } from '../../../components/batch-progress-alert';
import { refreshAssignments } from '../api/assign-many';
import { useBulkProgress } from '../api/get-bulk-progress';

/**
 * A team's or a department's schedule being written in the background: people assigned, failed and
 * the total, from the server's jobs, so the figures are the same after a reload (the batch id is in
 * the address) or a server restart. Once done, the schedules' counts and lists are read again.
 */
export function BulkProgress({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const { data, isError } = useBulkProgress(batchId);
  const done = data?.done ?? false;
  useEffect(() => {
    if (!done) return;
    void refreshAssignments(qc);
  }, [done, qc]);
  const n = (v: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(v);
  if (isError) return <BatchGoneAlert text={t('admin:attendance.bulkProgressGone')} onClose={onClose} />;
  if (!data) return null;
  return (
    <BatchProgressAlert
      testId="bulk-progress"
      title={t(data.done ? 'admin:attendance.bulkProgressDone' : 'admin:attendance.bulkProgressTitle')}
      done={data.done}
      succeeded={(100 * data.assigned) / data.total}
      failed={(100 * data.failed) / data.total}
      onClose={onClose}
      text={
        <>
          {t('admin:attendance.bulkProgress', { assigned: n(data.assigned), total: n(data.total) })}
          {data.failed > 0 && ` ${t('admin:attendance.bulkProgressFailed', { failed: n(data.failed) })}`}
        </>
      }
    />
  );
}

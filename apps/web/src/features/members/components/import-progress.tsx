import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useImportProgress } from '../api/get-import-progress';
import { intlLocale } from '@wac/shared/intl-locale';

/**
 * The invitation mails of one import, live: sent, failed and the total, from the server's jobs, so
 * the figures are the same after a reload (the batch id is in the address) or a server restart.
 */
export function ImportProgress({ batchId, onClose }: { batchId: string; onClose?: () => void }) {
  const { t, i18n } = useTranslation();
  const { data, isError } = useImportProgress(batchId);
  const n = (v: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(v);
  if (isError) {
    return (
      <Alert color="gray" withCloseButton={!!onClose} onClose={onClose} closeButtonLabel={t('admin:common.close')}>
        {t('admin:import.progressGone')}
      </Alert>
    );
  }
  if (!data) return null;
  const sentPct = (100 * data.sent) / data.total;
  const failedPct = (100 * data.failed) / data.total;
  return (
    <Alert
      color={data.failed ? 'orange' : data.done ? 'green' : 'blue'}
      withCloseButton={!!onClose}
      onClose={onClose}
      closeButtonLabel={t('admin:common.close')}
      data-testid="import-progress"
    >
      <Stack gap="xs">
        {/* A title of the body's colour: the alert's own coloured title is too light for contrast (axe). */}
        <Text size="sm" fw={700}>
          {t(data.done ? 'admin:import.progressDone' : 'admin:import.progressTitle')}
        </Text>
        <Progress.Root size="lg" aria-hidden>
          <Progress.Section value={sentPct} color="teal.9" />
          <Progress.Section value={failedPct} color="red.9" />
        </Progress.Root>
        <Group gap="md">
          <Text size="sm" role="status" aria-live="polite" data-testid="import-progress-text">
            {t('admin:import.progress', {
              sent: t('admin:import.sentCount', { count: data.sent }),
              failed: t('admin:import.failedCount', { count: data.failed }),
              total: n(data.total),
            })}
          </Text>
        </Group>
      </Stack>
    </Alert>
  );
}

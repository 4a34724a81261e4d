import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

/**
 * A company's trial end in the listing: its date in the reader's language, "—" when it has none,
 * and, once past, the word "Ended" beside the date (said in text, not by a colour alone).
 */
export function TrialEnd({ at, now = Date.now() }: { at: string | null; now?: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!at) {
    return (
      <>
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('admin:companies.noTrial')}</VisuallyHidden>
      </>
    );
  }
  const ended = Date.parse(at) <= now;
  return (
    <Group gap={6} wrap="nowrap" data-trial={ended ? 'ended' : 'running'}>
      <span>{f.date(at)}</span>
      {ended && (
        <Badge variant="outline" color="gray" size="sm">
          {t('admin:companies.trialEnded')}
        </Badge>
      )}
    </Group>
  );
}

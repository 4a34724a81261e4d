import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A background batch's progress as an alert (an import's mails, a large schedule assignment): its
 * title, a bar of what went through and what failed (shares of 100), and a live line of figures.
 * Blue while it runs, green once done, orange when some failed. `gone`: the batch cannot be found.
 */
export function BatchProgressAlert({
  title,
  done,
  succeeded,
  failed,
  text,
  testId,
  onClose,
}: {
  title: string;
  done: boolean;
  succeeded: number;
  failed: number;
  text: ReactNode;
  testId: string;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color={failed ? 'orange' : done ? 'green' : 'blue'}
      withCloseButton={!!onClose}
      onClose={onClose}
      closeButtonLabel={t('admin:common.close')}
      data-testid={testId}
    >
      <Stack gap="xs">
        {/* A title of the body's colour: the alert's own coloured title is too light for contrast (axe). */}
        <Text size="sm" fw={700}>
          {title}
        </Text>
        <Progress.Root size="lg" aria-hidden>
          <Progress.Section value={succeeded} color="teal.9" />
          <Progress.Section value={failed} color="red.9" />
        </Progress.Root>
        <Text size="sm" role="status" aria-live="polite" data-testid={`${testId}-text`}>
          {text}
        </Text>
      </Stack>
    </Alert>
  );
}

/** The alert of a batch that can no longer be found (finished long ago and cleaned up, or never there). */
export function BatchGoneAlert({ text, onClose }: { text: string; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" withCloseButton={!!onClose} onClose={onClose} closeButtonLabel={t('admin:common.close')}>
      {text}
    </Alert>
  );
}

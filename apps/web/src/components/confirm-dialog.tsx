import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog';

/**
 * Asks before something is deleted or undone: the question, Cancel (focused first, so Enter does not
 * confirm by accident) and the red confirming button. Escape or the close button cancel. Where the
 * confirming action is itself a cancelling ("Cancel request"), `dismiss` names the way back ("Keep
 * request") so the two buttons do not both say cancel.
 */
export function ConfirmDialog({
  title,
  text,
  confirm,
  dismiss,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  text: ReactNode;
  confirm: string;
  dismiss?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog opened onClose={onClose} title={title}>
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {dismiss ?? t('admin:common.cancel')}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={busy}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}

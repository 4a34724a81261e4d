import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';

/**
 * Asks before something is deleted: the question, Cancel (focused first, so Enter does not delete
 * by accident) and the red confirming button. Escape or the close button cancel.
 */
export function ConfirmDialog({
  title,
  text,
  confirm,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  text: ReactNode;
  confirm: string;
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
            {t('admin:common.cancel')}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={busy}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}

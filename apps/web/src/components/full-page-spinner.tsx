import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The only thing rendered while the session starts: no half-drawn console before the user is known.
 * A `message` is shown under it (and read out) when the wait needs a reason, such as an outage.
 */
export function FullPageSpinner({ label, message }: { label?: string; message?: string }) {
  const { t } = useTranslation();
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm" px="md">
        <Loader aria-label={label ?? message ?? t('common.loading')} />
        {message && (
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {message}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

import { Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The only thing rendered while the session starts: no half-drawn console before the user is known.
 * A `message` is shown under it (and read out) when the wait needs a reason, such as an outage.
 * On its own (the default) it is the whole page: its main landmark and a heading saying what it
 * waits for. Inside the console's frame (`inConsole`), which has both, only the status.
 */
export function FullPageSpinner({
  label,
  message,
  inConsole = false,
}: {
  label?: string;
  message?: string;
  inConsole?: boolean;
}) {
  const { t } = useTranslation();
  const said = message ?? label ?? t('common.loading');
  const status = (
    <Stack align="center" gap="sm" px="md" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      {message ? (
        <Text component={inConsole ? 'p' : 'h1'} size="sm" fw={400} c="dimmed" ta="center" maw={420} m={0}>
          {message}
        </Text>
      ) : (
        <VisuallyHidden component={inConsole ? 'p' : 'h1'}>{said}</VisuallyHidden>
      )}
    </Stack>
  );
  return inConsole ? (
    <Center h="100vh">{status}</Center>
  ) : (
    <Center component="main" h="100vh">
      {status}
    </Center>
  );
}

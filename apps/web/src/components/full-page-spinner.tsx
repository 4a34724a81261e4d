import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The only thing rendered while the session starts: no half-drawn console before the user is known. */
export function FullPageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Loader aria-label={label ?? t('common.loading')} />
    </Center>
  );
}

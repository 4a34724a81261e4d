import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScreenTitle } from '../lib/screen-title';

/** Not-authorized and not-found pages inside the console layout. */
export function StatusPage({ kind }: { kind: 'notAuthorized' | 'notFound' | 'placeholder' }) {
  const { t } = useTranslation();
  // The tab says what the page says, not the menu entry of the address that was refused.
  useScreenTitle(kind === 'placeholder' ? null : t(`${kind}.title`));
  return (
    <Stack align="center" ta="center" py="xl">
      <Title order={1} size="h2">
        {t(`${kind}.title`)}
      </Title>
      <Text>{t(`${kind}.text`)}</Text>
      {kind !== 'placeholder' && (
        <Button component={Link} to="/">
          {t('common.home')}
        </Button>
      )}
    </Stack>
  );
}

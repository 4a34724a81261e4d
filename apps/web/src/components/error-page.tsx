import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BlankLayout } from './blank-layout';

/**
 * A broken screen or failed start shows this, never a blank page. "Try again" is a full page
 * load of /login, so a broken in-memory state cannot survive it.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <BlankLayout>
      <Stack align="center" ta="center">
        <Title order={1} size="h2">
          {t('error.title')}
        </Title>
        <Text>{t('error.text')}</Text>
        <Button component="a" href="/admin/login">
          {t('error.retry')}
        </Button>
      </Stack>
    </BlankLayout>
  );
}

import { Anchor, Stack } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BlankLayout } from '../components/blank-layout';
import JoinScreen from '../features/join/join-screen';
import { queryClient } from '../lib/query-client';

/**
 * /join while the membership in this company is disabled: the disabled notice's way to ask
 * another company (a disabled member may still ask to join another company). Join requests are the user's own, so
 * they work from this host; the console frame is not shown, as the membership opens none of it.
 */
export default function DisabledJoin() {
  const { t } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <BlankLayout wide card={false}>
        <Stack>
          <Anchor component={Link} to="/" data-testid="disabled-join-back">
            {t('common.back')}
          </Anchor>
          <JoinScreen />
        </Stack>
      </BlankLayout>
    </QueryClientProvider>
  );
}

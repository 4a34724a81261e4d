import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconDoorEnter, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BlankLayout } from './blank-layout';
import { CompanySwitcher } from './company-switcher';
import { reloadUser } from '../lib/session/session';

/**
 * How often the notice asks again whether the membership is usable: the server refuses a disabled
 * member's socket, so an admin enabling it again (or ending the session) sends nothing live here.
 */
export const RECHECK_MS = 15_000;

/**
 * Full-page notice for a disabled membership or company. The ways out stay reachable: the
 * switcher, asking to join another company (/join works in this state), and logout.
 */
export function DisabledNotice({ recheckMs = RECHECK_MS }: { recheckMs?: number }) {
  const { t } = useTranslation();
  // Enabled again: the console opens by itself; signed out meanwhile: the sign-in page. Only while the
  // tab is seen, and at once when it comes back into view.
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') void reloadUser();
    };
    const timer = setInterval(check, recheckMs);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [recheckMs]);
  return (
    <BlankLayout>
      <Stack>
        <Title order={1} size="h3">
          {t('disabled.title')}
        </Title>
        <Alert color="red" icon={<IconLock size={18} aria-hidden />} data-testid="disabled-notice">
          {t('disabled.text')}
        </Alert>
        <Button
          variant="light"
          component={Link}
          to="/join"
          leftSection={<IconDoorEnter size={18} aria-hidden />}
          className="button-wraps"
          data-testid="disabled-join"
        >
          {t('disabled.join')}
        </Button>
        <Group justify="space-between">
          <CompanySwitcher />
          <Button variant="default" component={Link} to="/logout">
            {t('navbar.logout')}
          </Button>
        </Group>
      </Stack>
    </BlankLayout>
  );
}

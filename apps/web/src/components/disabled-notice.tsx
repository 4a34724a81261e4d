import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconDoorEnter, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BlankLayout } from './blank-layout';
import { CompanySwitcher } from './company-switcher';

/**
 * Full-page notice for a disabled membership or company. The ways out stay reachable: the
 * switcher, asking to join another company (/join works in this state), and logout.
 */
export function DisabledNotice() {
  const { t } = useTranslation();
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

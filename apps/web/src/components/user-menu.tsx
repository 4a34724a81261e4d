import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconDevices, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../lib/session/store';

export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Named by its content (initials + hidden label), so the visible text is part of the name. */}
        <UnstyledButton data-testid="user-menu" title={t('navbar.userMenu')}>
          <Avatar src={user.avatar} alt="" radius="xl" color="indigo.8" variant="filled">
            {initials}
          </Avatar>
          <VisuallyHidden>{t('navbar.userMenu')}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {user.firstName} {user.lastName}
          </Text>
          <Text size="xs">{user.email}</Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
          {t('navbar.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/profile/sessions" leftSection={<IconDevices size={16} aria-hidden />}>
          {t('navbar.sessions')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} aria-hidden />}>
          {t('navbar.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

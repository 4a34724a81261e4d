import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconCircleFilled, IconDevices, IconLogout, IconUser, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePresence, useProductLinks, useSetMyPresence } from '../lib/presence';
import { useSession } from '../lib/session/store';
import { PresenceBadge } from './presence-badge';

export function UserMenu() {
  const { t } = useTranslation();
  const { user, visiting } = useSession();
  const uuid = user?.uuid ?? null;
  const presence = usePresence(uuid ? [uuid] : []).data?.[uuid ?? ''];
  // A visiting super admin is no member here: he has no links of his own in this company.
  const links = useProductLinks(visiting ? null : uuid).data;
  const setPresence = useSetMyPresence();
  if (!user) return null;
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  // In place, not in a portal: an open menu stays inside the header landmark.
  return (
    <Menu position="bottom-end" withinPortal={false}>
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
          <PresenceBadge status={presence} />
        </Menu.Label>
        <Menu.Item
          leftSection={<IconCircleFilled size={12} aria-hidden color="var(--mantine-color-red-8)" />}
          onClick={() => setPresence.mutate(presence === 'busy' ? 'auto' : 'busy')}
          data-testid="toggle-busy"
        >
          {presence === 'busy' ? t('presence.clearBusy') : t('presence.setBusy')}
        </Menu.Item>
        {links?.scheduleUrl && (
          <Menu.Item
            component="a"
            href={links.scheduleUrl}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
          >
            {t('links.schedule')}
          </Menu.Item>
        )}
        {links?.callUrl && (
          <Menu.Item
            component="a"
            href={links.callUrl}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconVideo size={16} aria-hidden />}
          >
            {t('links.videoRoom')}
          </Menu.Item>
        )}
        <Menu.Divider />
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

import {
  Avatar,
  Badge,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch, IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { switchCompany } from '../lib/session/session';
import { type Profile, sortForSwitcher } from '../lib/session/start';
import { useSession } from '../lib/session/store';

// Below this many companies a search box is noise.
const SEARCH_FROM = 6;

function CompanyAvatar({ profile, size = 32 }: { profile: Profile; size?: number }) {
  return (
    <Avatar src={profile.company.logo} alt="" size={size} radius="sm" color="indigo.8" variant="filled">
      {profile.company.name.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}

/** The user's companies, enabled first, searchable; choosing one moves there signed in. */
export function CompanySwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { profiles, current } = useSession();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  if (!current) return null;

  const q = search.trim().toLowerCase();
  const list = sortForSwitcher(profiles).filter(
    (p) => !q || p.company.name.toLowerCase().includes(q) || p.company.subDomain.includes(q),
  );

  const choose = async (p: Profile) => {
    if (p.company.uuid === current.company.uuid) {
      setOpened(false);
      return;
    }
    // A disabled membership (or company) gets no switch code: say so, instead of asking for one
    // and toasting 'Something went wrong, try again' beside the refusal's 'You are not allowed'.
    const cannotEnter = () => notify.warning(t('switcher.cannotEnter', { name: p.company.name }));
    if (!p.enabled || !p.company.enabled) {
      cannotEnter();
      return;
    }
    setBusy(p.company.uuid);
    try {
      // One toast, said here, not the api client's as well.
      await switchCompany(p, { silent: true });
    } catch (err) {
      setBusy(null);
      // Disabled since the list was read.
      if (err instanceof ApiError && err.status === 403) cannotEnter();
      else notify.danger(t('session.profilesFailed'));
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width={280}
      trapFocus
      withinPortal
      shadow="md"
    >
      <Popover.Target>
        <UnstyledButton
          className="company-switcher-target"
          onClick={() => setOpened((o) => !o)}
          // Named by its content, so what is visible is part of the name (WCAG 2.5.3).
          aria-expanded={opened}
          aria-haspopup="dialog"
          title={t('switcher.label')}
          data-testid="company-switcher"
        >
          <Group gap="sm" wrap="nowrap">
            <CompanyAvatar profile={current} />
            {compact ? (
              <VisuallyHidden>{t('switcher.current', { name: current.company.name })}</VisuallyHidden>
            ) : (
              <>
                <Text size="sm" fw={600} truncate style={{ flex: 1 }}>
                  {current.company.name}
                </Text>
                <VisuallyHidden>{t('switcher.label')}</VisuallyHidden>
                <IconSelector size={16} aria-hidden />
              </>
            )}
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('switcher.label')} role="dialog">
        <Stack gap="xs">
          {profiles.length >= SEARCH_FROM && (
            <TextInput
              aria-label={t('switcher.search')}
              placeholder={t('switcher.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              data-autofocus
            />
          )}
          <ScrollArea.Autosize mah={320}>
            <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.map((p) => {
                const isCurrent = p.company.uuid === current.company.uuid;
                const usable = p.enabled && p.company.enabled;
                return (
                  <li key={p.uuid}>
                    <UnstyledButton
                      className="company-switcher-item"
                      onClick={() => void choose(p)}
                      aria-current={isCurrent ? 'true' : undefined}
                      disabled={busy !== null}
                      w="100%"
                      p={6}
                    >
                      <Group gap="sm" wrap="nowrap">
                        <CompanyAvatar profile={p} size={28} />
                        <Text size="sm" fw={isCurrent ? 700 : 400} truncate style={{ flex: 1 }}>
                          {p.company.name}
                        </Text>
                        {!usable && (
                          <Badge size="xs" color="gray.7" variant="filled">
                            {t('switcher.disabled')}
                          </Badge>
                        )}
                      </Group>
                    </UnstyledButton>
                  </li>
                );
              })}
              {list.length === 0 && (
                <li>
                  <Text size="sm" c="dimmed" p={6}>
                    {t('switcher.empty')}
                  </Text>
                </li>
              )}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

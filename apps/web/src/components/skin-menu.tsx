import { SKINS, type Skin } from '@wac/shared/constants';
import { ActionIcon, Menu } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setContentWidth, setSkin, usePreferences } from '../lib/preferences';

/** Skin and, inside the console, content width. */
export function SkinMenu({ withContentWidth = false }: { withContentWidth?: boolean }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  // In place, not in a portal: an open menu stays inside the header landmark.
  return (
    <Menu position="bottom-end" withinPortal={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t('navbar.skin')} title={t('navbar.skin')}>
          <IconPalette size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('navbar.skin')}</Menu.Label>
        {SKINS.map((skin: Skin) => (
          <Menu.Item
            key={skin}
            data-skin-option={skin}
            aria-current={prefs.skin === skin ? 'true' : undefined}
            fw={prefs.skin === skin ? 700 : undefined}
            onClick={() => setSkin(skin)}
          >
            {t(`skins.${skin}`)}
          </Menu.Item>
        ))}
        {withContentWidth && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('navbar.contentWidth')}</Menu.Label>
            {(['full', 'boxed'] as const).map((w) => (
              <Menu.Item
                key={w}
                aria-current={prefs.contentWidth === w ? 'true' : undefined}
                fw={prefs.contentWidth === w ? 700 : undefined}
                onClick={() => setContentWidth(w)}
              >
                {t(`navbar.${w}`)}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

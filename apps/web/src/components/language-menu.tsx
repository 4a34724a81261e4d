import { type Language, LANGUAGES } from '@wac/shared/constants';
import { ActionIcon, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  // In place, not in a portal: an open menu stays inside the header landmark.
  return (
    <Menu position="bottom-end" withinPortal={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t('navbar.language')} title={t('navbar.language')}>
          <IconLanguage size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('navbar.language')}</Menu.Label>
        {LANGUAGES.map((lang: Language) => (
          <Menu.Item
            key={lang}
            lang={lang}
            aria-current={i18n.language === lang ? 'true' : undefined}
            fw={i18n.language === lang ? 700 : undefined}
            onClick={() => void setLanguage(lang)}
          >
            {t(`languages.${lang}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

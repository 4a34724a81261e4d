import { type Language, LANGUAGES, SKINS, type Skin } from '@wac/shared/constants';
import { Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';
import { setSkin, usePreferences } from '../lib/preferences';

/**
 * Language and skin on the sign-in pages: native selects, so the login screen does not
 * download the popover machinery the console's menus need.
 */
export function PreferenceSelects() {
  const { t, i18n } = useTranslation();
  const { skin } = usePreferences();
  return (
    <Group gap="xs">
      <NativeSelect
        size="xs"
        aria-label={t('navbar.language')}
        value={i18n.language}
        onChange={(e) => void setLanguage(e.currentTarget.value as Language)}
        data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        data-testid="language-select"
      />
      <NativeSelect
        size="xs"
        aria-label={t('navbar.skin')}
        value={skin}
        onChange={(e) => setSkin(e.currentTarget.value as Skin)}
        data={SKINS.map((s) => ({ value: s, label: t(`skins.${s}`) }))}
        data-testid="skin-select"
      />
    </Group>
  );
}

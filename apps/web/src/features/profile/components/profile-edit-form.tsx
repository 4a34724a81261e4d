import { LANGUAGES, MAX_FILE_BYTES } from '@wac/shared/constants';
import { Alert, Avatar, Button, FileButton, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { issueField } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { type Profile, useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
  ar: 'العربية',
};

function Form({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const avatar = useUploadAvatar();
  const [firstName, setFirstName] = useState(profile.firstName);
  const [lastName, setLastName] = useState(profile.lastName);
  const [phone, setPhone] = useState(profile.phone ?? '');
  // No saved choice means the language the console is shown in: the select says which.
  const [language, setLanguage] = useState<string | null>(profile.language ?? currentLanguage());
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setIssues({});
    setError(null);
    try {
      await update.mutateAsync({
        version: profile.version,
        firstName,
        lastName,
        phone: phone.trim() || null,
        language: (language as (typeof LANGUAGES)[number] | null) ?? null,
      });
      notify.success(t('admin:profile.saved'));
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      setIssues(Object.fromEntries(err.issues.map((i) => [issueField(i.path), i.message])));
      if (err.issues.length === 0) setError(err.message);
      // Shown on the fields or above the form: no toast repeats it.
      err.claim();
    }
  };

  const chooseAvatar = async (f: File | null) => {
    setAvatarError(null);
    if (!f) return;
    if (f.size > MAX_FILE_BYTES) return setAvatarError(t('errors:FILE_TOO_LARGE'));
    if (!IMAGE_TYPES.includes(f.type)) return setAvatarError(t('admin:companies.logoType'));
    try {
      await avatar.mutateAsync({ file: f, version: profile.version });
      notify.success(t('admin:profile.avatarSaved'));
    } catch (err) {
      if (err instanceof ApiError) setAvatarError(err.message);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group align="center" wrap="nowrap">
          <Avatar src={profile.avatar} size={64} radius="xl" alt={t('admin:profile.avatar')}>
            {profile.firstName.slice(0, 1)}
            {profile.lastName.slice(0, 1)}
          </Avatar>
          <Stack gap={4}>
            <FileButton onChange={(f) => void chooseAvatar(f)} accept={IMAGE_TYPES.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={avatar.isPending}
                  aria-describedby="avatar-hint"
                  data-testid="avatar-upload"
                >
                  {t('admin:profile.avatarChoose')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed" id="avatar-hint">
              {t('admin:profile.avatarHint')}
            </Text>
            {avatarError && (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {avatarError}
              </Text>
            )}
          </Stack>
        </Group>
        <Group grow>
          <TextInput
            label={t('admin:common.firstName')}
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
            error={issues.firstName}
          />
          <TextInput
            label={t('admin:common.lastName')}
            value={lastName}
            onChange={(e) => setLastName(e.currentTarget.value)}
            error={issues.lastName}
          />
        </Group>
        <Group grow>
          <TextInput
            label={t('admin:profile.phone')}
            type="tel"
            dir="ltr"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={issues.phone}
          />
          <Select
            label={t('admin:profile.language')}
            data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            value={language}
            onChange={setLanguage}
            allowDeselect={false}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('admin:common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Editing one's own names, phone, language and avatar (kept apart from the profile screen). */
export function ProfileEditForm() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <SectionCard title={t('admin:profile.edit')}>
      {profile.data ? <Form key={profile.data.version} profile={profile.data} /> : <Skeleton h={160} />}
    </SectionCard>
  );
}

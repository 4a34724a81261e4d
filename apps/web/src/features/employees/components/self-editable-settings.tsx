import { SELF_EDITABLE_FIELDS, type SelfEditableField } from '@wac/shared/schemas/employees';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { PeopleSettings } from '../api/get-people-settings';
import { useUpdatePeopleSettings } from '../api/update-people-settings';

/** Labels of the standard fields, as the record form names them. */
const LABEL_KEYS: Record<SelfEditableField, string> = {
  jobTitle: 'admin:people.jobTitle',
  workPhone: 'admin:people.workPhone',
  workLocation: 'admin:people.workLocation',
  emergencyContact: 'admin:people.emergencyContact',
};

/** "Members may edit": the standard fields of their own record a member changes without an admin. */
export function SelfEditableSettings({ settings }: { settings: PeopleSettings }) {
  const { t } = useTranslation();
  const save = useUpdatePeopleSettings();
  const [chosen, setChosen] = useState<string[]>(settings.selfEditable);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({
        version: settings.version,
        // In the order the record shows them, whatever order they were ticked in.
        selfEditable: SELF_EDITABLE_FIELDS.filter((f) => chosen.includes(f)),
      });
      notify.success(t('admin:peopleSettings.settingsSaved'));
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <SectionCard title={t('admin:peopleSettings.membersMayEdit')} testId="self-editable-settings">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text c="dimmed" size="sm">
            {t('admin:peopleSettings.membersMayEditHint')}
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Checkbox.Group label={t('admin:peopleSettings.standardFields')} value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {SELF_EDITABLE_FIELDS.map((f) => (
                <Checkbox key={f} value={f} label={t(LABEL_KEYS[f])} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('admin:common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

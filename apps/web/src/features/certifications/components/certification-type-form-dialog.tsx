import type { CertificationType } from '@wac/shared/schemas/certifications';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { BoundedNumberInput } from '../../../components/bounded-number-input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AudienceFields } from '../../../components/audience-fields';
import { useNavigate } from 'react-router';
import { AppDialog } from '../../../components/app-dialog';
import { useFocusRefusedField } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useAudienceOptions } from '../api/get-audience-options';
import { useSaveCertificationType } from '../api/save-certification-type';

/** Create or edit a certification type: name, description, validity, reminder window, audience. */
export function CertificationTypeFormDialog({ type, onClose }: { type?: CertificationType; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveCertificationType(type?.uuid);
  const options = useAudienceOptions();
  const [name, setName] = useState(type?.name ?? '');
  const [description, setDescription] = useState(type?.description ?? '');
  const [validity, setValidity] = useState<number | string>(type?.validityMonths ?? 12);
  const [remind, setRemind] = useState<number | string>(type?.remindDaysBefore ?? 30);
  const [all, setAll] = useState(type?.audience.all ?? true);
  const [teams, setTeams] = useState<string[]>(type?.audience.teamUuids ?? []);
  const [departments, setDepartments] = useState<string[]>(type?.audience.departmentUuids ?? []);
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNameError(undefined);
    if (!name.trim()) {
      setNameError(fieldMessage('required'));
      refuse();
      return;
    }
    const fields = {
      name: name.trim(),
      description: description.trim(),
      validityMonths: Number(validity),
      remindDaysBefore: Number(remind),
      audience: { all, teamUuids: all ? [] : teams, departmentUuids: all ? [] : departments },
    };
    try {
      const saved = await save.mutateAsync({ ...fields, version: type?.version });
      notify.success(t('admin:certifications.saved', { name: fields.name }));
      onClose();
      if (!type) void navigate(`/certifications/${saved.uuid}`);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.code === 'CERTIFICATION_TYPE_NAME_TAKEN') setNameError(err.message);
        else setError(err.message);
      }
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={type ? t('admin:certifications.editType') : t('admin:certifications.createType')}
    >
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:certifications.name')}
            withAsterisk
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <TextInput
            label={t('admin:certifications.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <BoundedNumberInput
            label={t('admin:certifications.validityMonths')}
            min={1}
            max={240}
            value={validity}
            onChange={setValidity}
          />
          <BoundedNumberInput
            label={t('admin:certifications.remindDaysBefore')}
            description={t('admin:certifications.remindHelp')}
            min={1}
            max={365}
            value={remind}
            onChange={setRemind}
          />
          <AudienceFields
            value={{ all, teams, departments }}
            onChange={(a) => {
              setAll(a.all);
              setTeams(a.teams);
              setDepartments(a.departments);
            }}
            options={options.data}
            labels={{
              all: t('admin:certifications.audienceAll'),
              teams: t('admin:certifications.audienceTeams'),
              departments: t('admin:certifications.audienceDepartments'),
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('admin:common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}

import { addMonths, type MyCertification } from '@wac/shared/schemas/certifications';
import { MAX_FILE_BYTES } from '@wac/shared/constants';
import { Alert, Button, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSubmitCertification } from '../api/submit-certification';
import { duration } from '../status';

type Field = 'issuedOn' | 'expiresOn' | 'file';

/**
 * A member uploads their own certificate: issued on, expires on (issued on + the type's validity
 * until changed), and the evidence (required). It counts once an admin approves it.
 */
export function SubmitDialog({ item, today, onClose }: { item: MyCertification; today: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const type = item.type;
  const save = useSubmitCertification(type.uuid);
  const [issuedOn, setIssuedOn] = useState(today);
  const [expiresOn, setExpiresOn] = useState(addMonths(today, type.validityMonths));
  const [expiryTouched, setExpiryTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);

  const onIssued = (value: string) => {
    setIssuedOn(value);
    if (!expiryTouched && /^\d{4}-\d{2}-\d{2}$/.test(value)) setExpiresOn(addMonths(value, type.validityMonths));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const found: Partial<Record<Field, string>> = {};
    if (!issuedOn) found.issuedOn = fieldMessage('required');
    if (!expiresOn) found.expiresOn = fieldMessage('required');
    else if (issuedOn && expiresOn < issuedOn) found.expiresOn = fieldMessage('expiresBeforeIssued');
    if (!file) found.file = fieldMessage('required');
    else if (file.size > MAX_FILE_BYTES) found.file = fieldMessage('fileTooLarge');
    setErrors(found);
    if (Object.keys(found).length || !file) return;
    try {
      await save.mutateAsync({ issuedOn, expiresOn, file });
      notify.success(t('admin:certifications.submitted', { type: type.name }));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const onFields: Partial<Record<Field, string>> = {};
      for (const issue of err.issues) {
        const field = issue.path.replace(/^body\./, '') as Field;
        if (field === 'issuedOn' || field === 'expiresOn' || field === 'file') onFields[field] = issue.message;
      }
      if (err.code === 'CERTIFICATION_EVIDENCE_TYPE' || err.code === 'FILE_TOO_LARGE') onFields.file = err.message;
      if (Object.keys(onFields).length) {
        err.claimed = true;
        setErrors(onFields);
      } else setError(err.message);
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={t('admin:certifications.submitTitle', { type: type.name })}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Text>{t('admin:certifications.submitHelp')}</Text>
          <TextInput
            type="date"
            label={t('admin:certifications.issuedOn')}
            withAsterisk
            data-autofocus
            value={issuedOn}
            onChange={(e) => onIssued(e.currentTarget.value)}
            error={errors.issuedOn}
          />
          <TextInput
            type="date"
            label={t('admin:certifications.expiresOn')}
            description={t('admin:certifications.expiresOnHelp', {
              validity: duration(i18n.language, type.validityMonths, 'month'),
            })}
            withAsterisk
            value={expiresOn}
            onChange={(e) => {
              setExpiryTouched(true);
              setExpiresOn(e.currentTarget.value);
            }}
            error={errors.expiresOn}
          />
          <FileInput
            label={t('admin:certifications.evidence')}
            description={t('admin:certifications.evidenceHelp')}
            placeholder={t('admin:certifications.chooseFile')}
            accept="application/pdf,image/png,image/jpeg"
            value={file}
            onChange={setFile}
            clearable
            withAsterisk
            error={errors.file}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('admin:certifications.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}

import { addMonths } from '@wac/shared/schemas/certifications';
import { MAX_FILE_BYTES } from '@wac/shared/constants';
import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { CompanyDatePicker } from '../../../components/company-date-picker';
import { ApiError } from '../../../lib/api-client';
import { useFocusRefusedField } from '../../../lib/forms';
import { fieldMessage } from '../../../lib/i18n';
import { duration } from '../status';

type Field = 'issuedOn' | 'expiresOn' | 'file';
export interface CertificateValues {
  issuedOn: string;
  expiresOn: string;
  file: File | null;
}

/**
 * A certificate's dates and evidence, for an admin recording one for a person and for a member
 * uploading their own: issued on (today by default, never after today), expires on (issued on + the
 * type's validity until changed by hand), and the evidence (required where `evidenceRequired`). Both
 * days are picked from the calendar in the console's language. Field errors of the answer land on
 * their fields.
 */
export function CertificateDialog({
  title,
  intro,
  today,
  validityMonths,
  evidenceRequired,
  submitLabel,
  saving,
  onSave,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  today: string;
  validityMonths: number;
  evidenceRequired: boolean;
  submitLabel: string;
  saving: boolean;
  /** Saves, says so, and resolves; the dialog then closes. */
  onSave: (values: CertificateValues) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [issuedOn, setIssuedOn] = useState(today);
  const [expiresOn, setExpiresOn] = useState(addMonths(today, validityMonths));
  const [expiryTouched, setExpiryTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const onIssued = (value: string) => {
    setIssuedOn(value);
    if (!expiryTouched && value) setExpiresOn(addMonths(value, validityMonths));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const found: Partial<Record<Field, string>> = {};
    if (!issuedOn) found.issuedOn = fieldMessage('required');
    else if (issuedOn > today) found.issuedOn = fieldMessage('issuedInFuture');
    if (!expiresOn) found.expiresOn = fieldMessage('required');
    else if (issuedOn && expiresOn < issuedOn) found.expiresOn = fieldMessage('expiresBeforeIssued');
    if (!file && evidenceRequired) found.file = fieldMessage('required');
    else if (file && file.size > MAX_FILE_BYTES) found.file = fieldMessage('fileTooLarge');
    setErrors(found);
    if (Object.keys(found).length) {
      refuse();
      return;
    }
    try {
      await onSave({ issuedOn, expiresOn, file });
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
        refuse();
      } else setError(err.message);
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={title}>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Text>{intro}</Text>
          <CompanyDatePicker
            label={t('admin:certifications.issuedOn')}
            required
            clearable={false}
            value={issuedOn}
            onChange={onIssued}
            maxDate={today}
            error={errors.issuedOn}
            testId="certificate-issued-on"
            inDialog
          />
          <CompanyDatePicker
            label={t('admin:certifications.expiresOn')}
            description={t('admin:certifications.expiresOnHelp', {
              validity: duration(i18n.language, validityMonths, 'month'),
            })}
            required
            clearable={false}
            value={expiresOn}
            onChange={(value) => {
              setExpiryTouched(true);
              setExpiresOn(value);
            }}
            error={errors.expiresOn}
            testId="certificate-expires-on"
            inDialog
          />
          <FileInput
            label={t('admin:certifications.evidence')}
            // Required, the evidence is not 'Optional: …' (the asterisk and the hint said both).
            description={t(
              evidenceRequired ? 'admin:certifications.evidenceRequiredHelp' : 'admin:certifications.evidenceHelp',
            )}
            placeholder={t('admin:certifications.chooseFile')}
            accept="application/pdf,image/png,image/jpeg"
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ 'aria-label': t('admin:common.clearFile') }}
            withAsterisk={evidenceRequired}
            error={errors.file}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}

import type { CustomField } from '@wac/shared/schemas/employees';
import { CUSTOM_FIELD_TYPES } from '@wac/shared/schemas/employees';
import { ERROR_FIELDS } from '@wac/shared/error-codes';
import { Alert, Button, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { useFocusRefusedField } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateField } from '../api/create-field';
import { useUpdateField } from '../api/update-field';

type FieldType = (typeof CUSTOM_FIELD_TYPES)[number];
type Errors = Partial<Record<'label' | 'options', string>>;

/** One option a line; blank lines dropped. */
const optionsOf = (text: string) =>
  text
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);

/**
 * Define or change a custom field of the employee records: label, type (chosen once: the server keeps
 * it), the options of a single select, required, private (admins and the person only), member-editable.
 */
export function FieldFormDialog({ field, onClose }: { field?: CustomField; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateField();
  const update = useUpdateField(field?.uuid ?? '');
  const [label, setLabel] = useState(field?.label ?? '');
  const [type, setType] = useState<FieldType>(field?.type ?? 'text');
  const [options, setOptions] = useState((field?.options ?? []).join('\n'));
  const [required, setRequired] = useState(field?.required ?? false);
  const [privateField, setPrivateField] = useState(field?.private ?? false);
  const [selfEditable, setSelfEditable] = useState(field?.selfEditable ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);

  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const list = optionsOf(options);
    const local: Errors = {
      label: label.trim() ? undefined : fieldMessage('required'),
      options: type === 'select' && list.length === 0 ? fieldMessage('required') : undefined,
    };
    setErrors(local);
    if (local.label || local.options) {
      refuse();
      return;
    }
    const common = {
      label: label.trim(),
      required,
      private: privateField,
      selfEditable,
      ...(type === 'select' ? { options: list } : {}),
    };
    try {
      if (field) await update.mutateAsync({ version: field.version, ...common });
      else await create.mutateAsync({ type, ...common });
      notify.success(t('admin:peopleSettings.fieldSaved', { name: common.label }));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      // Each issue beside its field (`body.options.2` is about the options); the rest above the form.
      const next: Errors = {};
      const put = (path: string, message: string) => {
        const key = path.replace(/^body\./, '').split('.')[0];
        if (key === 'label' || key === 'options') next[key] ??= message;
        else setError(message);
      };
      for (const issue of err.issues) put(issue.path, issue.message);
      const codeField = ERROR_FIELDS[err.code as keyof typeof ERROR_FIELDS];
      if (codeField) put(codeField, err.message);
      if (err.issues.length === 0 && !codeField) setError(err.message);
      setErrors(next);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={field ? t('admin:peopleSettings.editField') : t('admin:peopleSettings.addField')}
    >
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:peopleSettings.label')}
            withAsterisk
            data-autofocus
            maxLength={80}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            error={errors.label}
          />
          <Select
            label={t('admin:peopleSettings.type')}
            description={field ? t('admin:peopleSettings.typeFixed') : undefined}
            data={CUSTOM_FIELD_TYPES.map((value) => ({ value, label: t(`admin:peopleSettings.types.${value}`) }))}
            value={type}
            onChange={(v) => v && setType(v as FieldType)}
            allowDeselect={false}
            disabled={Boolean(field)}
            comboboxProps={{ withinPortal: false }}
          />
          {type === 'select' && (
            <Textarea
              label={t('admin:peopleSettings.options')}
              description={t('admin:peopleSettings.optionsHint')}
              withAsterisk
              autosize
              minRows={3}
              maxRows={10}
              value={options}
              onChange={(e) => setOptions(e.currentTarget.value)}
              error={errors.options}
            />
          )}
          <Switch
            label={t('admin:peopleSettings.required')}
            checked={required}
            onChange={(e) => setRequired(e.currentTarget.checked)}
          />
          <Switch
            label={t('admin:peopleSettings.private')}
            description={t('admin:peopleSettings.privateHint')}
            checked={privateField}
            onChange={(e) => setPrivateField(e.currentTarget.checked)}
          />
          <Switch
            label={t('admin:peopleSettings.selfEditable')}
            checked={selfEditable}
            onChange={(e) => setSelfEditable(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('admin:common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}

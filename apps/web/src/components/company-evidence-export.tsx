import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusRefusedField } from '../lib/forms';
import { ApiError } from '../lib/api-client';
import { downloadFile } from '../lib/download';
import { fieldMessage } from '../lib/i18n';
import { AppDialog } from './app-dialog';
import { CompanyDatePicker } from './company-date-picker';

/**
 * The auditor's evidence of the whole company (policies, versions with their hashes,
 * acknowledgements, certifications, their audit trail, a manifest hashing each file) for a range of
 * the company's days, as one ZIP. Shown on the compliance screens (policies and certifications).
 */
export function CompanyEvidenceExport() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (from && to && to < from) {
      refuse();
      return setError(fieldMessage('dateOrder') ?? null);
    }
    setBusy(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadFile('/api/compliance/evidence.zip', `compliance-evidence-${day}.zip`, {
        from: from || undefined,
        to: to || undefined,
      });
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError) {
        err.claimed = true;
        setError(err.issues[0]?.message ?? err.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" leftSection={<IconFileZip size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('admin:evidence.button')}
      </Button>
      <AppDialog opened={open} onClose={() => setOpen(false)} title={t('admin:evidence.title')}>
        <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Text>{t('admin:evidence.help')}</Text>
            <Group grow align="flex-start">
              <CompanyDatePicker
                label={t('admin:evidence.from')}
                value={from}
                onChange={setFrom}
                testId="evidence-from"
                inDialog
              />
              <CompanyDatePicker
                label={t('admin:evidence.to')}
                value={to}
                onChange={setTo}
                error={error ?? undefined}
                testId="evidence-to"
                inDialog
              />
            </Group>
            <Text size="sm" c="dimmed">
              {t('admin:evidence.rangeHelp')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('admin:common.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('admin:evidence.download')}
              </Button>
            </Group>
          </Stack>
        </form>
      </AppDialog>
    </>
  );
}

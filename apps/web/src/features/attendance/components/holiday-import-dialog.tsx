import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useImportHolidays } from '../api/import-holidays';

/** One holiday a line, `YYYY-MM-DD Name`; prefilled with last year's holidays moved to `year`. */
export function HolidayImportDialog({
  year,
  template,
  onClose,
}: {
  year: number;
  template: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useImportHolidays();
  const [text, setText] = useState(template);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const holidays = lines.map((l) => {
      const m = /^(\d{4}-\d{2}-\d{2})\s+(.+)$/.exec(l);
      return m ? { date: m[1]!, name: m[2]!.trim() } : null;
    });
    const bad = holidays.findIndex((h) => !h);
    if (lines.length === 0 || bad >= 0) {
      setError(t('admin:attendance.importLineError', { line: bad + 1 }));
      return;
    }
    try {
      const r = await run.mutateAsync(holidays as Array<{ date: string; name: string }>);
      notify.success(
        t('admin:attendance.imported', {
          added: t('admin:attendance.addedCount', { count: r.added }),
          skipped: t('admin:attendance.skippedCount', { count: r.skipped }),
        }),
      );
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={t('admin:attendance.importTitle', { year })}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Text size="sm">{t('admin:attendance.importHelp')}</Text>
          <Textarea
            label={t('admin:attendance.importLines')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={6}
            data-autofocus
            dir="ltr"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={run.isPending}>
              {t('admin:attendance.import')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}

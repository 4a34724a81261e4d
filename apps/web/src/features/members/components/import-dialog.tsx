import { IMPORT_MAX_FILE_BYTES } from '@wac/shared/constants';
import type { MemberImportResult } from '@wac/shared/schemas/members';
import { Alert, Badge, Button, FileInput, Group, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { downloadImportTemplate } from '../api/get-import-template';
import { importMembers } from '../api/import-members';
import { ImportProgress } from './import-progress';
import { intlLocale } from '@wac/shared/intl-locale';

/** Filled and dark enough for text contrast (axe) in both themes. */
const STATUS_COLOR: Record<MemberImportResult['problems'][number]['status'], string> = {
  valid: 'teal.9',
  invited: 'teal.9',
  updated: 'teal.9',
  invalid: 'red.9',
  skipped: 'gray.8',
  unchanged: 'gray.8',
};

/**
 * CSV import: pick (≤ 32 MB and 100,000 rows, the size checked before upload), preview the counts
 * and the bad rows, then commit the good rows: new emails are invited (their mails go out as jobs,
 * whose progress shows here and on the screen), existing members' employee records updated.
 */
export function ImportDialog({
  opened,
  onClose,
  onCommitted,
}: {
  opened: boolean;
  onClose: () => void;
  /** A commit that invited people: its batch, whose mails the screen follows. */
  onCommitted?: (batchId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(v);
  // The column as the file's header names it, so the admin finds the cell: never the API's field name.
  const rowError = (e: { column: string; message: string }) =>
    t('admin:import.rowError', { field: e.column, message: e.message });
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<MemberImportResult | null>(null);
  const [committed, setCommitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setError(null);
    setResult(null);
    setCommitted(false);
    onClose();
  };

  const choose = (f: File | null) => {
    setResult(null);
    setCommitted(false);
    if (f && f.size > IMPORT_MAX_FILE_BYTES) {
      setFile(null);
      setError(t('errors:IMPORT_FILE_TOO_LARGE'));
      return;
    }
    setError(null);
    setFile(f);
  };

  const run = async (commit: boolean) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await importMembers(file, commit);
      setResult(answer);
      setCommitted(commit);
      if (commit && answer.batchId) onCommitted?.(answer.batchId);
      if (commit) {
        notify.success(t('admin:import.done'));
        void qc.invalidateQueries({ queryKey: ['invitations'] });
        void qc.invalidateQueries({ queryKey: ['employees'] });
      }
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog opened={opened} onClose={close} title={t('admin:import.title')} size="xl">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap="xs" style={{ flex: '1 1 16rem' }}>
            <Text size="sm">{t('admin:import.hint')}</Text>
            <Text size="sm" c="dimmed" data-testid="import-records-hint">
              {t('admin:import.recordsHint')}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="xs"
            style={{ flexShrink: 0 }}
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void downloadImportTemplate()}
            data-testid="import-template"
          >
            {t('admin:import.template')}
          </Button>
        </Group>
        <FileInput
          label={t('admin:import.file')}
          // Excel's "Unicode text" (UTF-16, tab-separated) is saved as .txt.
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          value={file}
          onChange={choose}
          clearable
          clearButtonProps={{ 'aria-label': t('admin:import.clearFile') }}
          error={error}
          data-testid="import-file"
        />
        {result && (
          <>
            <Text size="sm" data-testid="import-summary">
              {t(committed ? 'admin:import.summaryCommitted' : 'admin:import.summary', {
                rows: t('admin:import.rowCount', { count: result.totalRows }),
                valid: t('admin:import.validCount', { count: result.validRows }),
                invalid: t('admin:import.invalidCount', { count: result.invalidRows }),
                invited: t('admin:import.invitedCount', { count: result.imported }),
                updated: t('admin:import.updatedCount', { count: result.updated }),
              })}
            </Text>
            {result.problems.length > 0 && (
              <ScrollArea.Autosize mah={320}>
                <Table data-testid="import-rows">
                  <Table.Caption>
                    {t(result.problemsTruncated ? 'admin:import.problemsTruncated' : 'admin:import.rowsCaption', {
                      shown: n(result.problems.length),
                      count: result.invalidRows,
                    })}
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('admin:import.line')}</Table.Th>
                      <Table.Th scope="col">{t('admin:members.email')}</Table.Th>
                      <Table.Th scope="col">{t('admin:members.status')}</Table.Th>
                      <Table.Th scope="col">{t('admin:import.errors')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.problems.map((r) => (
                      <Table.Tr key={r.line}>
                        <Table.Td>{r.line}</Table.Td>
                        <Table.Td>{r.email}</Table.Td>
                        <Table.Td>
                          <Badge variant="filled" color={STATUS_COLOR[r.status]}>
                            {t(`admin:import.status.${r.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {/* Each error is a sentence of its own: one per line, never run together with "; ". */}
                          {r.errors.length === 1 ? (
                            rowError(r.errors[0]!)
                          ) : (
                            <List size="sm">
                              {r.errors.map((e) => (
                                <List.Item key={`${e.field}:${e.code}`}>{rowError(e)}</List.Item>
                              ))}
                            </List>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </>
        )}
        {committed && result?.batchId && <ImportProgress batchId={result.batchId} />}
        {committed && (
          <Alert color="green" role="status">
            {t('admin:import.done')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('admin:common.close')}
          </Button>
          <Button
            variant="light"
            disabled={!file || committed}
            loading={busy && !result}
            onClick={() => void run(false)}
          >
            {t('admin:import.preview')}
          </Button>
          <Button
            disabled={!file || !result || committed || result.validRows === 0}
            loading={busy && !!result}
            onClick={() => void run(true)}
          >
            {t('admin:import.commit')}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}

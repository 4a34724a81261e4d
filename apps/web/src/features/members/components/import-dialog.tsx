import { MAX_FILE_BYTES } from '@wac/shared/constants';
import type { MemberImportResult } from '@wac/shared/schemas/members';
import { Alert, Badge, Button, FileInput, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { ApiError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { importMembers } from '../api/import-members';

/** The file the import reads, with the export's column names and one example row. */
export const IMPORT_TEMPLATE = 'email,firstName,lastName,roles\r\nana.lima@example.com,Ana,Lima,member\r\n';

const downloadTemplate = () =>
  saveBlob(new Blob(['\uFEFF', IMPORT_TEMPLATE], { type: 'text/csv;charset=utf-8' }), 'members-template.csv');

/** CSV import: pick (≤ 2 MB, checked before upload), preview per row, then commit the good rows. */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
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
    if (f && f.size > MAX_FILE_BYTES) {
      setFile(null);
      setError(t('errors:FILE_TOO_LARGE'));
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
      setResult(await importMembers(file, commit));
      setCommitted(commit);
      if (commit) {
        notify.success(t('admin:import.done'));
        void qc.invalidateQueries({ queryKey: ['invitations'] });
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
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text size="sm">{t('admin:import.hint')}</Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={downloadTemplate}
            data-testid="import-template"
          >
            {t('admin:import.template')}
          </Button>
        </Group>
        <FileInput
          label={t('admin:import.file')}
          accept=".csv,text/csv"
          value={file}
          onChange={choose}
          clearable
          error={error}
          data-testid="import-file"
        />
        {result && (
          <>
            <Text size="sm" data-testid="import-summary">
              {t(committed ? 'admin:import.summaryCommitted' : 'admin:import.summary', {
                total: result.totalRows,
                valid: result.validRows,
                invalid: result.invalidRows,
                imported: result.imported,
              })}
            </Text>
            <ScrollArea.Autosize mah={320}>
              <Table data-testid="import-rows">
                <Table.Caption>{t('admin:import.rowsCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('admin:import.line')}</Table.Th>
                    <Table.Th scope="col">{t('admin:members.email')}</Table.Th>
                    <Table.Th scope="col">{t('admin:members.status')}</Table.Th>
                    <Table.Th scope="col">{t('admin:import.errors')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.rows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>{r.email}</Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={r.status === 'invalid' ? 'red' : r.status === 'skipped' ? 'gray' : 'green'}
                        >
                          {t(`admin:import.status.${r.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{r.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
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

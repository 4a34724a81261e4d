import type { Holiday } from '@wac/shared/schemas/attendance';
import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteHoliday } from '../api/delete-holiday';
import { getHolidays, useHolidays } from '../api/get-holidays';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notify } from '../../../lib/notify';
import { HolidayFormDialog } from './holiday-form-dialog';
import { HolidayImportDialog } from './holiday-import-dialog';
import { useZonedFormat } from './zoned-format';
import { intlLocale } from '@wac/shared/intl-locale';

/** The company's public holidays of a year (shared with time off): add, edit, remove, import a year. */
export function HolidaysPanel() {
  const { t, i18n } = useTranslation();
  const [year, setYear] = useState(new Date().getFullYear());
  const list = useHolidays(year);
  const del = useDeleteHoliday();
  const z = useZonedFormat('UTC');
  const [editing, setEditing] = useState<Holiday | 'new' | null>(null);
  const [importing, setImporting] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Holiday | null>(null);
  const remove = (h: Holiday) =>
    void del
      .mutateAsync(h.uuid)
      .then(() => notify.success(t('admin:attendance.holidayRemoved', { name: h.name })))
      .catch(() => {})
      .finally(() => setRemoving(null));

  /** Last year's holidays on the same day of this year, as a starting point to edit. */
  const openImport = async () => {
    const last = await getHolidays(year - 1);
    setImporting(
      last.data
        .map((h) => {
          const date = `${year}${h.date.slice(4)}`;
          return `${date.endsWith('02-29') ? `${year}-02-28` : date} ${h.name}`;
        })
        .join('\n'),
    );
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            onClick={() => setYear(year - 1)}
            aria-label={t('admin:attendance.previousYear')}
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          <Text fw={700} data-testid="holiday-year">
            {new Intl.NumberFormat(intlLocale(i18n.language), { useGrouping: false }).format(year)}
          </Text>
          <ActionIcon variant="default" onClick={() => setYear(year + 1)} aria-label={t('admin:attendance.nextYear')}>
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <Group>
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => void openImport()}
          >
            {t('admin:attendance.importYear')}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('admin:attendance.addHoliday')}
          </Button>
        </Group>
      </Group>
      {list.data && list.data.data.length === 0 && <Text c="dimmed">{t('admin:attendance.noHolidays')}</Text>}
      {list.data && list.data.data.length > 0 && (
        <Table aria-label={t('admin:attendance.holidays')} data-testid="holidays-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin:attendance.date')}</Table.Th>
              <Table.Th>{t('admin:attendance.holidayName')}</Table.Th>
              <Table.Th>{t('admin:common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.data.map((h) => (
              <Table.Tr key={h.uuid}>
                <Table.Td>{z.longDay(h.date)}</Table.Td>
                <Table.Td>{h.name}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(h)}
                      aria-label={t('admin:attendance.editLabel', { name: h.name })}
                    >
                      {t('admin:attendance.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red.9"
                      onClick={() => setRemoving(h)}
                      aria-label={t('admin:attendance.removeLabel', { name: h.name })}
                    >
                      {t('admin:attendance.remove')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {removing && (
        <ConfirmDialog
          title={t('admin:attendance.removeHolidayTitle', { name: removing.name })}
          text={t('admin:attendance.removeHolidayText', { date: z.longDay(removing.date) })}
          confirm={t('admin:attendance.remove')}
          busy={del.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() => remove(removing)}
        />
      )}
      {editing && (
        <HolidayFormDialog holiday={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {importing !== null && (
        <HolidayImportDialog year={year} template={importing} onClose={() => setImporting(null)} />
      )}
    </Stack>
  );
}

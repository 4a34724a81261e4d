import type { TimeOffType } from '@wac/shared/schemas/time-off-types';
import { Button, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/app-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { useAbility } from '../../lib/ability';
import { useFormat } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useTableState } from '../../lib/use-table-state';
import { useDeleteTimeOffType } from './api/delete-time-off-type';
import { useTimeOffTypes } from './api/get-time-off-types';
import { AdjustDialog } from './components/adjust-dialog';
import { useDays } from '../../lib/days';
import { TimeOffTypeFormDialog } from './components/time-off-type-form-dialog';

const SORTS = ['name', 'createdAt'] as const;
type Sort = (typeof SORTS)[number];

/** Time-off types of the company (admins, peopleHR): allowance, accrual, carry-over, approval, negative balances. */
export default function TimeOffTypesScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const days = useDays();
  const canWrite = useAbility().can('write', 'peopleHR');
  const state = useTableState<Sort>({ sorts: SORTS, defaultSort: 'name' });
  const rows = useTimeOffTypes(state.query);
  const del = useDeleteTimeOffType();
  const [editing, setEditing] = useState<TimeOffType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TimeOffType | null>(null);
  const [adjusting, setAdjusting] = useState(false);

  const onDelete = async (row: TimeOffType) => {
    await del.mutateAsync({ uuid: row.uuid, version: row.version });
    notify.success(t('admin:timeOffTypes.deleted', { name: row.name }));
    setDeleting(null);
  };

  const columns: Column<TimeOffType, Sort>[] = [
    {
      key: 'name',
      header: t('admin:timeOffTypes.name'),
      sort: 'name',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={r.color} size={14} aria-hidden />
          {r.name}
        </Group>
      ),
    },
    {
      key: 'allowance',
      header: t('admin:timeOffTypes.yearlyAllowance'),
      render: (r) => days.amount(r.yearlyAllowance, r.unit),
    },
    {
      key: 'accrual',
      header: t('admin:timeOffTypes.accrual'),
      render: (r) => t(`admin:timeOffTypes.accruals.${r.accrual}`),
    },
    {
      key: 'carryOver',
      header: t('admin:timeOffTypes.carryOverCap'),
      render: (r) =>
        r.carryOverCap === null ? t('admin:timeOffTypes.unlimited') : days.amount(r.carryOverCap, r.unit),
    },
    { key: 'paid', header: t('admin:timeOffTypes.paid'), render: (r) => f.boolean(r.paid) },
    { key: 'needsApproval', header: t('admin:timeOffTypes.needsApproval'), render: (r) => f.boolean(r.needsApproval) },
    {
      key: 'createdAt',
      header: t('admin:timeOffTypes.createdAt'),
      sort: 'createdAt',
      render: (r) => f.date(r.createdAt),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: t('admin:common.actions'),
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            aria-label={t('admin:timeOffTypes.editLabel', { name: r.name })}
            onClick={() => setEditing(r)}
          >
            {t('admin:timeOffTypes.editShort')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red.9"
            aria-label={t('admin:timeOffTypes.deleteLabel', { name: r.name })}
            onClick={() => setDeleting(r)}
          >
            {t('admin:timeOffTypes.deleteShort')}
          </Button>
        </Group>
      ),
    });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageHeading>{t('admin:timeOffTypes.title')}</PageHeading>
        {canWrite && (
          <Group gap="xs">
            <Button variant="default" onClick={() => setAdjusting(true)} disabled={!rows.data?.data.length}>
              {t('admin:timeOff.adjust')}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('admin:timeOffTypes.create')}
            </Button>
          </Group>
        )}
      </Group>
      <DataTable
        testId="time-off-types-table"
        caption={t('admin:timeOffTypes.title')}
        columns={columns}
        rows={rows.data?.data}
        totalItems={rows.data?.totalItems}
        loading={rows.isFetching}
        state={state}
        rowId={(r) => r.uuid}
        searchLabel={t('admin:timeOffTypes.search')}
      />
      {editing && (
        <TimeOffTypeFormDialog timeOffType={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {adjusting && rows.data && <AdjustDialog types={rows.data.data} onClose={() => setAdjusting(false)} />}
      {deleting && (
        <AppDialog opened onClose={() => setDeleting(null)} title={t('admin:timeOffTypes.deleteTitle')}>
          <Stack>
            <Text>{t('admin:timeOffTypes.deleteText', { name: deleting.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('admin:common.cancel')}
              </Button>
              <Button color="red.9" onClick={() => void onDelete(deleting)} loading={del.isPending}>
                {t('admin:timeOffTypes.deleteShort')}
              </Button>
            </Group>
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}

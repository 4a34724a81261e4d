import type { Department } from '@wac/shared/schemas/departments';
import { Button, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/app-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { useAbility } from '../../lib/ability';
import { notify } from '../../lib/notify';
import { useTableState } from '../../lib/use-table-state';
import { useDeleteDepartment } from './api/delete-department';
import { useDepartmentTree } from './api/get-department-tree';
import { useDepartments } from './api/get-departments';
import { DepartmentFormDialog } from './components/department-form-dialog';
import { MovePeopleDialog } from './components/move-people-dialog';

const SORTS = ['name', 'createdAt', 'members'] as const;
type Sort = (typeof SORTS)[number];

/**
 * Departments of the company: every member reads the list, its admins create, edit, move people
 * into one and delete.
 */
export default function DepartmentsScreen() {
  const { t } = useTranslation();
  const canWrite = useAbility().can('write', 'peopleHR');
  const state = useTableState<Sort>({ sorts: SORTS, defaultSort: 'name' });
  const rows = useDepartments(state.query);
  const tree = useDepartmentTree();
  const nameOf = (uuid: string | null) => tree.data?.data.find((d) => d.uuid === uuid)?.name ?? '';
  const del = useDeleteDepartment();
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);
  const [moving, setMoving] = useState<Department | null>(null);

  const onDelete = async (row: Department) => {
    await del.mutateAsync({ uuid: row.uuid, version: row.version });
    notify.success(t('admin:departments.deleted', { name: row.name }));
    setDeleting(null);
  };

  const columns: Column<Department, Sort>[] = [
    {
      key: 'name',
      header: t('admin:departments.name'),
      sort: 'name',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={r.color} size={14} aria-hidden />
          {r.name}
        </Group>
      ),
    },
    { key: 'parent', header: t('admin:departments.parent'), render: (r) => nameOf(r.parentUuid) },
    {
      key: 'head',
      header: t('admin:departments.head'),
      render: (r) => (r.head ? `${r.head.firstName} ${r.head.lastName}` : ''),
    },
    { key: 'members', header: t('admin:departments.memberCount'), sort: 'members', render: (r) => r.memberCount },
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
            aria-label={t('admin:departments.editLabel', { name: r.name })}
            onClick={() => setEditing(r)}
          >
            {t('admin:departments.editShort')}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={t('admin:departments.moveLabel', { name: r.name })}
            onClick={() => setMoving(r)}
          >
            {t('admin:departments.moveShort')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red.9"
            aria-label={t('admin:departments.deleteLabel', { name: r.name })}
            onClick={() => setDeleting(r)}
          >
            {t('admin:departments.deleteShort')}
          </Button>
        </Group>
      ),
    });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('admin:departments.title')}
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('admin:departments.create')}
          </Button>
        )}
      </Group>
      <DataTable
        testId="departments-table"
        caption={t('admin:departments.title')}
        columns={columns}
        rows={rows.data?.data}
        totalItems={rows.data?.totalItems}
        loading={rows.isFetching}
        state={state}
        rowId={(r) => r.uuid}
        searchLabel={t('admin:departments.search')}
      />
      {editing && (
        <DepartmentFormDialog department={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {moving && <MovePeopleDialog department={moving} onClose={() => setMoving(null)} />}
      {deleting && (
        <AppDialog opened onClose={() => setDeleting(null)} title={t('admin:departments.deleteTitle')}>
          <Stack>
            <Text>
              {/* Its sub-departments are named only when it has some (they move up one level). */}
              {(tree.data?.data ?? []).some((d) => d.parentUuid === deleting.uuid)
                ? t('admin:departments.deleteText', { name: deleting.name })
                : t('admin:departments.deleteTextNoSubs', { name: deleting.name })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('admin:common.cancel')}
              </Button>
              <Button color="red.9" onClick={() => void onDelete(deleting)} loading={del.isPending}>
                {t('admin:departments.deleteShort')}
              </Button>
            </Group>
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}

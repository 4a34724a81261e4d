import type { DirectoryEntry } from '@wac/shared/schemas/employees';
import { Anchor, Avatar, Badge, Button, ColorSwatch, Group, Select, Stack, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { useAbility } from '../../lib/ability';
import { useTableState } from '../../lib/use-table-state';
import { useDepartmentTree } from './api/get-departments';
import { exportEmployees, useEmployees } from './api/get-employees';

const SORTS = ['name', 'jobTitle'] as const;
type Sort = (typeof SORTS)[number];
const FILTERS = ['departmentUuid', 'status'] as const;
type Filter = (typeof FILTERS)[number];

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** The directory: every current colleague; admins also find people whose employment ended, and export. */
export default function EmployeesScreen() {
  const { t } = useTranslation();
  const isAdmin = useAbility().can('write', 'peopleHR');
  const state = useTableState<Sort, Filter>({ sorts: SORTS, defaultSort: 'name', filters: FILTERS });
  const people = useEmployees(state.query);
  const departments = useDepartmentTree();

  const columns: Column<DirectoryEntry, Sort>[] = [
    {
      key: 'name',
      header: t('admin:people.name'),
      sort: 'name',
      render: (p) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={p.avatar} size="sm" radius="xl" alt="" />
          <Anchor component={Link} to={`/people/${p.uuid}`}>
            {fullName(p)}
          </Anchor>
          {p.ended && <Badge color="gray">{t('admin:people.ended')}</Badge>}
        </Group>
      ),
    },
    { key: 'jobTitle', header: t('admin:people.jobTitle'), sort: 'jobTitle', render: (p) => p.jobTitle ?? '' },
    {
      key: 'department',
      header: t('admin:people.department'),
      render: (p) =>
        p.department ? (
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={p.department.color} size={10} aria-hidden />
            {p.department.name}
          </Group>
        ) : (
          ''
        ),
    },
    { key: 'manager', header: t('admin:people.manager'), render: (p) => (p.manager ? fullName(p.manager) : '') },
    {
      key: 'workPhone',
      header: t('admin:people.workPhone'),
      render: (p) => (p.workPhone ? <span dir="ltr">{p.workPhone}</span> : ''),
    },
    {
      key: 'email',
      header: t('admin:people.workEmail'),
      render: (p) => <Anchor href={`mailto:${p.email}`}>{p.email}</Anchor>,
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('admin:people.title')}
        </Title>
        {isAdmin && (
          <Button
            component={Link}
            to="/people/settings"
            variant="default"
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            {t('admin:peopleSettings.open')}
          </Button>
        )}
      </Group>
      <DataTable
        testId="people-table"
        caption={t('admin:people.title')}
        columns={columns}
        rows={people.data?.data}
        totalItems={people.data?.totalItems}
        totalIsLowerBound={people.data?.totalIsLowerBound}
        loading={people.isFetching}
        state={state}
        rowId={(p) => p.uuid}
        searchLabel={t('admin:people.search')}
        onExport={isAdmin ? () => exportEmployees(state.query) : undefined}
        filters={
          <Group gap="sm">
            <Select
              aria-label={t('admin:people.department')}
              placeholder={t('admin:people.anyDepartment')}
              data={(departments.data?.data ?? []).map((d) => ({ value: d.uuid, label: d.name }))}
              value={state.filters.departmentUuid ?? null}
              onChange={(v) => state.setFilter('departmentUuid', v)}
              clearable
              searchable
              w={200}
            />
            {isAdmin && (
              <Select
                aria-label={t('admin:people.status')}
                data={[
                  { value: 'current', label: t('admin:people.statusCurrent') },
                  { value: 'ended', label: t('admin:people.statusEnded') },
                  { value: 'all', label: t('admin:people.statusAll') },
                ]}
                value={state.filters.status ?? 'current'}
                onChange={(v) => state.setFilter('status', v === 'current' ? null : v)}
                w={160}
              />
            )}
          </Group>
        }
      />
    </Stack>
  );
}

import { Badge, Group, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
import { useFormat } from '../../../lib/format';
import { useTableState } from '../../../lib/use-table-state';
import { useAudienceOptions } from '../api/get-audience-options';
import { exportPolicyTracking, type TrackingRow, usePolicyTracking } from '../api/get-policy-tracking';

const SORTS = ['name', 'dueAt'] as const;
type Sort = (typeof SORTS)[number];
type Filter = 'status' | 'teamUuid' | 'departmentUuid';
const COLOR = { acknowledged: 'teal.9', outstanding: 'blue.9', overdue: 'red.9' } as const;

/**
 * Who is assigned a policy and where each person stands, with the completion figures. It moves by
 * itself: every acknowledgement publishes `listing_changed`, which refetches open queries.
 */
export function PolicyTracking({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const options = useAudienceOptions();
  const state = useTableState<Sort, Filter>({
    sorts: SORTS,
    defaultSort: 'name',
    filters: ['status', 'teamUuid', 'departmentUuid'],
    prefix: 'tr.',
  });
  const tracking = usePolicyTracking(uuid, state.query);
  const s = tracking.data?.summary;

  const columns: Column<TrackingRow, Sort>[] = [
    {
      key: 'name',
      header: t('admin:policies.person'),
      sort: 'name',
      card: 'title',
      render: (r) => `${r.person.firstName} ${r.person.lastName}`,
    },
    { key: 'email', header: t('admin:policies.email'), render: (r) => r.person.email },
    {
      key: 'status',
      header: t('admin:policies.status'),
      render: (r) => (
        <Badge color={COLOR[r.status]} variant="filled">
          {f.status(r.status)}
        </Badge>
      ),
    },
    { key: 'dueAt', header: t('admin:policies.dueAt'), sort: 'dueAt', render: (r) => (r.dueAt ? f.date(r.dueAt) : '') },
    {
      key: 'acknowledgedAt',
      header: t('admin:policies.acknowledgedAt'),
      render: (r) =>
        r.acknowledgedAt
          ? t('admin:policies.acknowledgedVersion', {
              when: f.dateTime(r.acknowledgedAt),
              number: f.number(r.acknowledgedNumber ?? 0),
            })
          : t('admin:policies.none'),
    },
  ];

  const figure = (label: string, value: number | undefined, testId: string) => (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value === undefined ? '–' : f.number(value)}
      </Text>
    </Stack>
  );

  return (
    <SectionCard title={t('admin:policies.tracking')} testId="policy-tracking">
      <Stack>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {figure(t('admin:policies.assigned'), s?.assigned, 'tracking-assigned')}
          {figure(t('admin:policies.acknowledged'), s?.acknowledged, 'tracking-acknowledged')}
          {figure(t('admin:policies.outstanding'), s?.outstanding, 'tracking-outstanding')}
          {figure(t('admin:policies.overdue'), s?.overdue, 'tracking-overdue')}
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('admin:policies.completion')}
            </Text>
            <Text fw={700} size="xl" data-testid="tracking-completion">
              {s ? `${f.number(s.completion)} %` : '–'}
            </Text>
          </Stack>
        </SimpleGrid>
        <Progress value={s?.completion ?? 0} aria-label={t('admin:policies.completion')} />
        <DataTable
          testId="tracking-table"
          caption={t('admin:policies.trackingList')}
          columns={columns}
          rows={tracking.data?.data}
          totalItems={tracking.data?.totalItems}
          totalIsLowerBound={tracking.data?.totalIsLowerBound}
          loading={tracking.isFetching}
          state={state}
          rowId={(r) => r.person.uuid}
          searchLabel={t('admin:policies.searchPeople')}
          onExport={() => exportPolicyTracking(uuid, state.query)}
          filters={
            <Group gap="sm" align="flex-end">
              <Select
                label={t('admin:policies.status')}
                placeholder={t('admin:policies.anyStatus')}
                clearable
                data={(['acknowledged', 'outstanding', 'overdue'] as const).map((v) => ({
                  value: v,
                  label: f.status(v),
                }))}
                value={state.filters.status ?? null}
                onChange={(v) => state.setFilter('status', v)}
                w={170}
              />
              <Select
                label={t('admin:policies.team')}
                placeholder={t('admin:policies.anyTeam')}
                clearable
                searchable
                data={options.data?.teams ?? []}
                value={state.filters.teamUuid ?? null}
                onChange={(v) => state.setFilter('teamUuid', v)}
                w={180}
              />
              <Select
                label={t('admin:policies.department')}
                placeholder={t('admin:policies.anyDepartment')}
                clearable
                searchable
                data={options.data?.departments ?? []}
                value={state.filters.departmentUuid ?? null}
                onChange={(v) => state.setFilter('departmentUuid', v)}
                w={180}
              />
            </Group>
          }
        />
      </Stack>
    </SectionCard>
  );
}

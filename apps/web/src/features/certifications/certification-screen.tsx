import type { CertificationStatus } from '@wac/shared/schemas/certifications';
import { Anchor, Badge, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnCaseNote } from '../../components/own-case-note';
import { Link, useNavigate, useParams } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session/store';
import { notify } from '../../lib/notify';
import { useTableState } from '../../lib/use-table-state';
import { useDeleteCertificationRecord } from './api/delete-certification-record';
import { useDeleteCertificationType } from './api/delete-certification-type';
import { useAudienceOptions } from './api/get-audience-options';
import { useCertificationType } from './api/get-certification-types';
import { type HolderRow, useHolders } from './api/get-holders';
import { CertificationTypeFormDialog } from './components/certification-type-form-dialog';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RecordDialog } from './components/record-dialog';
import { duration, STATUS_COLOR } from './status';
import { EvidenceCell } from './components/evidence-cell';

const SORTS = ['name', 'expiresOn'] as const;
type Sort = (typeof SORTS)[number];
type Filter = 'status' | 'teamUuid' | 'departmentUuid';
const STATUSES: CertificationStatus[] = ['missing', 'expiring', 'expired', 'valid'];
/** Calendar days (YYYY-MM-DD) shown in the reader's language, never shifted by a time zone. */
const day = (d: string) => new Date(`${d}T00:00:00`);

/** One certification type: its counts, who needs it and where each stands, and recording one. */
export default function CertificationScreen() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const f = useFormat();
  const { user } = useSession();
  const type = useCertificationType(uuid);
  const options = useAudienceOptions();
  const state = useTableState<Sort, Filter>({
    sorts: SORTS,
    defaultSort: 'name',
    filters: ['status', 'teamUuid', 'departmentUuid'],
  });
  const holders = useHolders(uuid, state.query);
  const [recording, setRecording] = useState<HolderRow['person'] | null>(null);
  const [editing, setEditing] = useState(false);
  const [deletingType, setDeletingType] = useState(false);
  const [deletingRecord, setDeletingRecord] = useState<HolderRow | null>(null);
  const deleteType = useDeleteCertificationType();
  const deleteRecord = useDeleteCertificationRecord();
  const navigate = useNavigate();
  const ct = type.data;
  if (!ct) return <PageHeading>{t('admin:certifications.title')}</PageHeading>;

  const columns: Column<HolderRow, Sort>[] = [
    {
      key: 'name',
      header: t('admin:certifications.person'),
      sort: 'name',
      card: 'title',
      render: (r) => `${r.person.firstName} ${r.person.lastName}`,
    },
    { key: 'email', header: t('admin:certifications.email'), render: (r) => r.person.email },
    {
      key: 'status',
      header: t('admin:certifications.status'),
      render: (r) => (
        <Badge color={STATUS_COLOR[r.status]} variant="filled">
          {f.status(r.status)}
        </Badge>
      ),
    },
    {
      key: 'issuedOn',
      header: t('admin:certifications.issuedOn'),
      render: (r) => (r.record ? f.date(day(r.record.issuedOn)) : t('admin:certifications.none')),
    },
    {
      key: 'expiresOn',
      header: t('admin:certifications.expiresOn'),
      sort: 'expiresOn',
      render: (r) => (r.record ? f.date(day(r.record.expiresOn)) : t('admin:certifications.none')),
    },
    {
      key: 'evidence',
      header: t('admin:certifications.evidence'),
      render: (r) => <EvidenceCell record={r.record} />,
    },
    {
      key: 'actions',
      header: t('admin:common.actions'),
      card: 'actions',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          {r.person.uuid === user?.uuid ? (
            // Another admin records an admin's own certificate (the server refuses it too); they upload theirs.
            <OwnCaseNote message={t('errors:CERTIFICATION_OWN_RECORD')} testId="own-record" />
          ) : (
            <Button
              size="xs"
              variant="light"
              onClick={() => setRecording(r.person)}
              aria-label={t('admin:certifications.recordLabel', { name: `${r.person.firstName} ${r.person.lastName}` })}
            >
              {t('admin:certifications.record')}
            </Button>
          )}
          {r.record && r.person.uuid !== user?.uuid && (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setDeletingRecord(r)}
              aria-label={t('admin:certifications.deleteRecordLabel', {
                name: `${r.person.firstName} ${r.person.lastName}`,
              })}
            >
              {t('admin:certifications.deleteRecord')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const figure = (status: CertificationStatus) => (
    <Stack gap={0} key={status}>
      <Text size="sm" c="dimmed">
        {f.status(status)}
      </Text>
      <Text fw={700} size="xl" data-testid={`figure-${status}`}>
        {f.number(ct.counts[status])}
      </Text>
    </Stack>
  );

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/certifications">
        {t('admin:certifications.back')}
      </Anchor>
      <Group justify="space-between">
        <PageHeading>{ct.name}</PageHeading>
        <Group gap="sm">
          <Button variant="default" onClick={() => setEditing(true)}>
            {t('admin:certifications.editType')}
          </Button>
          <Button color="red" variant="light" onClick={() => setDeletingType(true)}>
            {t('admin:certifications.deleteType')}
          </Button>
        </Group>
      </Group>
      <Text>
        {ct.description ? `${ct.description} ` : ''}
        {t('admin:certifications.summary', {
          validity: duration(f.language, ct.validityMonths, 'month'),
          remind: duration(f.language, ct.remindDaysBefore, 'day'),
          today: f.date(day(ct.today)),
        })}
      </Text>
      <SectionCard title={t('admin:certifications.overview')}>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('admin:certifications.assigned')}
            </Text>
            <Text fw={700} size="xl" data-testid="figure-assigned">
              {f.number(ct.counts.assigned)}
            </Text>
          </Stack>
          {STATUSES.map(figure)}
        </SimpleGrid>
      </SectionCard>
      <DataTable
        testId="holders-table"
        caption={t('admin:certifications.holders')}
        columns={columns}
        rows={holders.data?.data}
        totalItems={holders.data?.totalItems}
        loading={holders.isFetching}
        state={state}
        rowId={(r) => r.person.uuid}
        searchLabel={t('admin:certifications.searchPeople')}
        filters={
          <Group gap="sm" align="flex-end">
            <Select
              label={t('admin:certifications.status')}
              placeholder={t('admin:certifications.anyStatus')}
              clearable
              data={STATUSES.map((v) => ({ value: v, label: f.status(v) }))}
              value={state.filters.status ?? null}
              onChange={(v) => state.setFilter('status', v)}
              w={170}
            />
            <Select
              label={t('admin:certifications.team')}
              placeholder={t('admin:certifications.anyTeam')}
              clearable
              searchable
              data={options.data?.teams ?? []}
              value={state.filters.teamUuid ?? null}
              onChange={(v) => state.setFilter('teamUuid', v)}
              w={180}
            />
            <Select
              label={t('admin:certifications.department')}
              placeholder={t('admin:certifications.anyDepartment')}
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
      {recording && <RecordDialog type={ct} person={recording} onClose={() => setRecording(null)} />}
      {editing && <CertificationTypeFormDialog type={ct} onClose={() => setEditing(false)} />}
      {deletingType && (
        <ConfirmDialog
          title={t('admin:certifications.deleteTypeTitle', { type: ct.name })}
          text={t('admin:certifications.deleteTypeText', {
            type: ct.name,
            count: ct.counts.assigned - ct.counts.missing,
          })}
          confirm={t('admin:certifications.deleteType')}
          busy={deleteType.isPending}
          onClose={() => setDeletingType(false)}
          onConfirm={() =>
            void deleteType
              .mutateAsync({ uuid: ct.uuid, version: ct.version })
              .then(() => {
                notify.success(t('admin:certifications.typeDeleted', { type: ct.name }));
                navigate('/certifications');
              })
              .catch(() => setDeletingType(false))
          }
        />
      )}
      {deletingRecord?.record && (
        <ConfirmDialog
          title={t('admin:certifications.deleteRecordTitle')}
          text={t('admin:certifications.deleteRecordText', {
            name: `${deletingRecord.person.firstName} ${deletingRecord.person.lastName}`,
            type: ct.name,
            expires: f.date(day(deletingRecord.record.expiresOn)),
          })}
          confirm={t('admin:certifications.deleteRecord')}
          busy={deleteRecord.isPending}
          onClose={() => setDeletingRecord(null)}
          onConfirm={() =>
            void deleteRecord
              .mutateAsync(deletingRecord.record!.uuid)
              .then(() => notify.success(t('admin:certifications.recordDeleted')))
              .finally(() => setDeletingRecord(null))
          }
        />
      )}
    </Stack>
  );
}

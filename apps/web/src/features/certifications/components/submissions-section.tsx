import type { PendingSubmission } from '@wac/shared/schemas/certifications';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnCaseNote } from '../../../components/own-case-note';
import { AppDialog } from '../../../components/app-dialog';
import { type Column, DataTable } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
import { useFocusRefusedField } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session/store';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useTableState } from '../../../lib/use-table-state';
import { useApproveSubmission } from '../api/approve-submission';
import { useSubmissions } from '../api/get-submissions';
import { useRejectSubmission } from '../api/reject-submission';
import { EvidenceCell } from './evidence-cell';

const SORTS = ['submittedAt'] as const;
type Sort = (typeof SORTS)[number];
const day = (d: string) => new Date(`${d}T00:00:00`);

/** Certificates members uploaded themselves, waiting for an admin: open the evidence, approve or reject with a reason. */
export function SubmissionsSection() {
  const { t } = useTranslation();
  const f = useFormat();
  const { user } = useSession();
  const state = useTableState<Sort>({ sorts: SORTS, defaultSort: 'submittedAt', prefix: 'sub_' });
  const rows = useSubmissions(state.query);
  const approve = useApproveSubmission();
  const [rejecting, setRejecting] = useState<PendingSubmission | null>(null);
  const nameOf = (r: PendingSubmission) => `${r.person.firstName} ${r.person.lastName}`;

  const onApprove = async (r: PendingSubmission) => {
    await approve.mutateAsync(r.record.uuid);
    notify.success(t('admin:certifications.approved', { name: nameOf(r), type: r.type.name }));
  };

  const columns: Column<PendingSubmission, Sort>[] = [
    { key: 'person', header: t('admin:certifications.person'), card: 'title', render: nameOf },
    { key: 'type', header: t('admin:certifications.name'), render: (r) => r.type.name },
    { key: 'issuedOn', header: t('admin:certifications.issuedOn'), render: (r) => f.date(day(r.record.issuedOn)) },
    { key: 'expiresOn', header: t('admin:certifications.expiresOn'), render: (r) => f.date(day(r.record.expiresOn)) },
    {
      key: 'submittedAt',
      header: t('admin:certifications.submittedAt'),
      sort: 'submittedAt',
      render: (r) => f.dateTime(new Date(r.record.createdAt)),
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
      render: (r) =>
        r.person.uuid === user?.uuid ? (
          // Another admin decides an admin's own upload (the server refuses it too).
          <OwnCaseNote message={t('errors:CERTIFICATION_OWN_RECORD')} testId="own-submission" />
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => void onApprove(r)}
              loading={approve.isPending && approve.variables === r.record.uuid}
              aria-label={t('admin:certifications.approveLabel', { name: nameOf(r), type: r.type.name })}
            >
              {t('admin:certifications.approve')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setRejecting(r)}
              aria-label={t('admin:certifications.rejectLabel', { name: nameOf(r), type: r.type.name })}
            >
              {t('admin:certifications.reject')}
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <SectionCard title={t('admin:certifications.submissions')} testId="submissions">
      <DataTable
        testId="submissions-table"
        caption={t('admin:certifications.submissions')}
        columns={columns}
        rows={rows.data?.data}
        totalItems={rows.data?.totalItems}
        loading={rows.isFetching}
        state={state}
        rowId={(r) => r.record.uuid}
        searchLabel={t('admin:certifications.searchSubmissions')}
        emptyText={t('admin:certifications.noSubmissions')}
      />
      {rejecting && <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />}
    </SectionCard>
  );
}

function RejectDialog({ item, onClose }: { item: PendingSubmission; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectSubmission();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = `${item.person.firstName} ${item.person.lastName}`;
  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      refuse();
      return setError(fieldMessage('required') ?? null);
    }
    try {
      await reject.mutateAsync({ uuid: item.record.uuid, reason: reason.trim() });
      notify.success(t('admin:certifications.rejected', { name, type: item.type.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        err.claimed = true;
        setError(err.issues[0]?.message ?? err.message);
      }
    }
  };
  return (
    <AppDialog opened onClose={onClose} title={t('admin:certifications.rejectTitle', { name, type: item.type.name })}>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Textarea
            label={t('admin:certifications.rejectReason')}
            description={t('admin:certifications.rejectReasonHelp')}
            withAsterisk
            data-autofocus
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={reject.isPending}>
              {t('admin:certifications.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}

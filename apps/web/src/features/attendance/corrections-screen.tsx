import {
  CORRECTION_STATUSES,
  type Correction,
  CorrectionDecisionSchema,
  type CorrectionStatus,
} from '@wac/shared/schemas/attendance';
import { Badge, Button, Group, Pagination, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnCaseNote } from '../../components/own-case-note';
import { AppDialog } from '../../components/app-dialog';
import { ApiError } from '../../lib/api-client';
import { issueMessage } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/store';
import { type Decision, useDecideCorrection } from './api/decide-correction';
import { useCorrections } from './api/get-corrections';
import { usePendingCount } from './api/get-pending-count';
import { useAttendanceSettings } from './api/get-settings';
import { CorrectionsTable } from './components/corrections-table';

/** Correction requests of the company: admins approve or decline them, with a comment. Live. */
export default function CorrectionsScreen() {
  const { t } = useTranslation();
  const { current, user } = useSession();
  const [status, setStatus] = useState<CorrectionStatus | null>('pending');
  const [page, setPage] = useState(1);
  const list = useCorrections({ status: status ?? undefined, page });
  const pending = usePendingCount();
  const zone = useAttendanceSettings().data?.timeZone;
  const decide = useDecideCorrection();
  const [deciding, setDeciding] = useState<{ c: Correction; decision: Decision } | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | undefined>();
  const d = list.data;
  // Each decision starts afresh: a cancelled one's comment and error are not carried to the next.
  const startDeciding = (c: Correction, decision: Decision) => {
    setComment('');
    setError(null);
    setCommentError(undefined);
    setDeciding({ c, decision });
  };

  const onDecide = async () => {
    if (!deciding) return;
    setError(null);
    // Checked against the shared schema first: a comment over the limit is said at its field, not
    // as the server's bare "Some fields are not valid." above the dialog.
    const parsed = CorrectionDecisionSchema.safeParse({ comment: comment.trim() || undefined });
    setCommentError(issueMessage(parsed.error?.issues[0]));
    if (!parsed.success) return;
    try {
      await decide.mutateAsync({
        uuid: deciding.c.uuid,
        decision: deciding.decision,
        comment: parsed.data.comment,
      });
      notify.success(t(deciding.decision === 'approve' ? 'admin:attendance.approved' : 'admin:attendance.declined'));
      setDeciding(null);
      setComment('');
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {t('admin:nav.corrections')}
          </Title>
          <Text c="dimmed">{t('admin:attendance.correctionsSubtitle', { company: current?.company.name ?? '' })}</Text>
        </div>
        <Badge size="lg" variant="filled" color="blue.9" data-testid="pending-count">
          {t('admin:attendance.pendingCount', { count: pending.data?.count ?? 0 })}
        </Badge>
      </Group>
      <Select
        w={240}
        label={t('admin:attendance.statusFilter')}
        clearable
        data-testid="corrections-status-filter"
        value={status}
        data={CORRECTION_STATUSES.map((s) => ({ value: s, label: t(`admin:attendance.correctionStatus.${s}`) }))}
        onChange={(v) => {
          setStatus(v as CorrectionStatus | null);
          setPage(1);
        }}
      />
      {d && (
        <CorrectionsTable
          rows={d.data}
          timeZone={zone}
          showPerson
          testId="corrections-table"
          actions={(c) =>
            c.status === 'pending' && c.user.uuid === user?.uuid ? (
              // Another admin decides an admin's own request (the server refuses it too).
              <OwnCaseNote message={t('errors:CORRECTION_OWN_ENTRY')} testId="own-request" />
            ) : c.status === 'pending' ? (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  onClick={() => startDeciding(c, 'approve')}
                  aria-label={t('admin:attendance.approveLabel', { name: `${c.user.firstName} ${c.user.lastName}` })}
                  data-testid="approve"
                >
                  {t('admin:attendance.approve')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => startDeciding(c, 'decline')}
                  aria-label={t('admin:attendance.declineLabel', { name: `${c.user.firstName} ${c.user.lastName}` })}
                >
                  {t('admin:attendance.decline')}
                </Button>
              </Group>
            ) : null
          }
        />
      )}
      {d && d.totalItems > d.itemsPerPage && (
        <nav aria-label={t('admin:table.pagination')}>
          <Pagination
            total={Math.ceil(d.totalItems / d.itemsPerPage)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`admin:table.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('admin:table.page', { page: p }) })}
          />
        </nav>
      )}
      {deciding && (
        <AppDialog
          opened
          onClose={() => setDeciding(null)}
          title={t(deciding.decision === 'approve' ? 'admin:attendance.approveTitle' : 'admin:attendance.declineTitle')}
        >
          <Stack>
            {error && (
              <Text c="red.9" role="alert">
                {error}
              </Text>
            )}
            <Text size="sm">
              {t('admin:common.labelValue', {
                label: `${deciding.c.user.firstName} ${deciding.c.user.lastName}`,
                value: deciding.c.reason,
              })}
            </Text>
            <Textarea
              label={t('admin:attendance.comment')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              error={commentError}
              autosize
              minRows={2}
              maxRows={10}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeciding(null)}>
                {t('admin:common.cancel')}
              </Button>
              <Button onClick={() => void onDecide()} loading={decide.isPending} data-testid="confirm-decision">
                {t(deciding.decision === 'approve' ? 'admin:attendance.approve' : 'admin:attendance.decline')}
              </Button>
            </Group>
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}

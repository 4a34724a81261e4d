import { type TimeOffRequest, TimeOffDecisionSchema } from '@wac/shared/schemas/time-off';
import { Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { SectionCard, SimpleTable } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-client';
import { issueMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useApprovals } from '../api/get-approvals';
import { useDecideRequest } from '../api/decide-request';
import { useDays } from '../../../lib/days';

const PAGE = 10;

/** Pending requests the person may decide, oldest first, each with "Approve" and "Decline" (and a comment). */
export function ApprovalsPanel() {
  const { t } = useTranslation();
  const days = useDays();
  const [page, setPage] = useState(1);
  const list = useApprovals({ page, itemsPerPage: PAGE });
  const decide = useDecideRequest();
  const [deciding, setDeciding] = useState<{ r: TimeOffRequest; approve: boolean } | null>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const rows = list.data?.data ?? [];
  const name = (r: TimeOffRequest) => `${r.person.firstName} ${r.person.lastName}`;
  // Each decision starts with an empty comment: a cancelled one's reason is not carried to the next.
  const startDeciding = (r: TimeOffRequest, approve: boolean) => {
    setComment('');
    setCommentError(undefined);
    setDeciding({ r, approve });
  };

  const confirm = async () => {
    if (!deciding) return;
    // Checked against the shared schema first: a comment over the limit is said at its field (the
    // server's refusal had been a bare "Some fields are not valid." toast and an unhandled error).
    const parsed = TimeOffDecisionSchema.safeParse({ comment: comment.trim() || undefined });
    setCommentError(issueMessage(parsed.error?.issues[0]));
    if (!parsed.success) return;
    try {
      await decide.mutateAsync({ uuid: deciding.r.uuid, approve: deciding.approve, comment: parsed.data.comment });
    } catch (err) {
      // A refusal about the comment is shown on it; any other was toasted by the api client.
      const issue = err instanceof ApiError ? err.issues.find((i) => i.path.endsWith('comment')) : undefined;
      if (issue) {
        setCommentError(issue.message);
        (err as ApiError).claim();
      }
      return;
    }
    notify.success(
      t(deciding.approve ? 'admin:timeOff.approvedToast' : 'admin:timeOff.declinedToast', { name: name(deciding.r) }),
    );
    setDeciding(null);
    setComment('');
  };

  return (
    <SectionCard title={t('admin:timeOff.approvals')} testId="time-off-approvals">
      <SimpleTable
        caption={t('admin:timeOff.approvalsCaption')}
        columns={[
          t('admin:timeOff.person'),
          t('admin:timeOff.type'),
          t('admin:timeOff.dates'),
          t('admin:timeOff.amount'),
          t('admin:timeOff.note'),
          t('admin:common.actions'),
        ]}
        empty={<Text c="dimmed">{t('admin:timeOff.noApprovals')}</Text>}
        isEmpty={!list.isPending && rows.length === 0}
        pages={Math.ceil((list.data?.totalItems ?? 0) / PAGE)}
        page={page}
        onPage={setPage}
      >
        {rows.map((r) => (
          <Table.Tr key={r.uuid} data-testid="approval-row" data-start={r.startDate}>
            <Table.Td>{name(r)}</Table.Td>
            <Table.Td>{r.type.name}</Table.Td>
            <Table.Td>{days.range(r.startDate, r.endDate)}</Table.Td>
            <Table.Td>{days.amount(r.amount, r.type.unit)}</Table.Td>
            <Table.Td>{r.note && <bdi>{r.note}</bdi>}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  onClick={() => startDeciding(r, true)}
                  aria-label={t('admin:timeOff.approveLabel', {
                    name: name(r),
                    dates: days.range(r.startDate, r.endDate),
                  })}
                >
                  {t('admin:timeOff.approve')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  color="red.9"
                  onClick={() => startDeciding(r, false)}
                  aria-label={t('admin:timeOff.declineLabel', {
                    name: name(r),
                    dates: days.range(r.startDate, r.endDate),
                  })}
                >
                  {t('admin:timeOff.decline')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </SimpleTable>
      {deciding && (
        <AppDialog
          opened
          onClose={() => setDeciding(null)}
          title={t(deciding.approve ? 'admin:timeOff.approveTitle' : 'admin:timeOff.declineTitle', {
            name: name(deciding.r),
          })}
        >
          <Stack>
            <Text>
              {t('admin:common.labelValue', {
                label: deciding.r.type.name,
                value: `${days.range(deciding.r.startDate, deciding.r.endDate)} (${days.amount(deciding.r.amount, deciding.r.type.unit)})`,
              })}
            </Text>
            <Textarea
              label={t('admin:timeOff.comment')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              error={commentError}
              autosize
              maxRows={10}
              minRows={2}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeciding(null)}>
                {t('admin:common.cancel')}
              </Button>
              <Button
                color={deciding.approve ? undefined : 'red.9'}
                onClick={() => void confirm()}
                loading={decide.isPending}
              >
                {t(deciding.approve ? 'admin:timeOff.approve' : 'admin:timeOff.decline')}
              </Button>
            </Group>
          </Stack>
        </AppDialog>
      )}
    </SectionCard>
  );
}

import type { TimeOffRequest } from '@wac/shared/schemas/time-off';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SimpleTable } from '../../../components/section-card';
import { useDays } from '../../../lib/days';
import { isolate, useFormat } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCancelRequest } from '../api/cancel-request';
import { useRequests } from '../api/get-requests';

const PAGE = 10;
// Filled and dark enough for white text (WCAG AA contrast).
const STATUS_COLOR = { pending: 'indigo.9', approved: 'teal.9', declined: 'red.9', cancelled: 'gray.7' } as const;

/**
 * Someone's requests, latest start first, paged on the server, with "Cancel" (asked first) where
 * the server allows it: the signed-in person's own (no `userUuid`), or a person's on their record
 * for an admin (at any time, leave under way included).
 */
export function RequestsTable({
  userUuid,
  caption,
  captionHidden,
}: {
  userUuid?: string;
  caption: string;
  captionHidden?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const days = useDays();
  const [page, setPage] = useState(1);
  const history = useRequests({ userUuid, page, itemsPerPage: PAGE });
  const cancel = useCancelRequest();
  const [cancelling, setCancelling] = useState<TimeOffRequest | null>(null);
  const rows = history.data?.data ?? [];

  const onCancel = async (uuid: string) => {
    await cancel.mutateAsync(uuid);
    notify.success(t('admin:timeOff.cancelled'));
    setCancelling(null);
  };

  return (
    <>
      <SimpleTable
        caption={caption}
        captionHidden={captionHidden}
        columns={[
          t('admin:timeOff.type'),
          t('admin:timeOff.dates'),
          t('admin:timeOff.amount'),
          t('admin:timeOff.status'),
          t('admin:timeOff.comment'),
          t('admin:common.actions'),
        ]}
        empty={<Text c="dimmed">{t('admin:timeOff.noRequests')}</Text>}
        isEmpty={!history.isPending && rows.length === 0}
        pages={Math.ceil((history.data?.totalItems ?? 0) / PAGE)}
        page={page}
        onPage={setPage}
      >
        {rows.map((r) => (
          <Table.Tr key={r.uuid} data-testid="request-row" data-start={r.startDate}>
            <Table.Td>{r.type.name}</Table.Td>
            <Table.Td>
              {days.range(r.startDate, r.endDate)}
              {/* Which half of a half day: the form's own words. */}
              {(r.startHalf || r.endHalf) && (
                <Text span size="xs" c="dimmed" display="block">
                  {[r.startHalf && t('admin:timeOff.startHalf'), r.endHalf && t('admin:timeOff.endHalf')]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{days.amount(r.amount, r.type.unit)}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[r.status]} variant="filled" data-testid="request-status">
                {f.status(r.status)}
              </Badge>
            </Table.Td>
            <Table.Td>{r.comment && <bdi>{r.comment}</bdi>}</Table.Td>
            <Table.Td>
              {r.canCancel && (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('admin:timeOff.cancelLabel', { dates: days.range(r.startDate, r.endDate) })}
                  onClick={() => setCancelling(r)}
                >
                  {t('admin:timeOff.cancel')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </SimpleTable>
      {cancelling && (
        <ConfirmDialog
          title={t('admin:timeOff.cancelTitle')}
          text={t('admin:timeOff.cancelText', {
            type: isolate(cancelling.type.name),
            dates: isolate(days.range(cancelling.startDate, cancelling.endDate)),
          })}
          confirm={t('admin:timeOff.cancel')}
          dismiss={t('admin:timeOff.keep')}
          busy={cancel.isPending}
          onClose={() => setCancelling(null)}
          onConfirm={() => void onCancel(cancelling.uuid)}
        />
      )}
    </>
  );
}

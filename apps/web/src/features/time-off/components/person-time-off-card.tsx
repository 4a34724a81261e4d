import type { TimeOffRequest } from '@wac/shared/schemas/time-off';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard, SimpleTable } from '../../../components/section-card';
import { useDays } from '../../../lib/days';
import { isolate, useFormat } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCancelRequest } from '../api/cancel-request';
import { useRequests } from '../api/get-requests';

const PAGE = 10;
const STATUS_COLOR = { pending: 'indigo.9', approved: 'teal.9', declined: 'red.9', cancelled: 'gray.7' } as const;

/**
 * A person's time off as an admin sees it on their record: every request, latest start first, and
 * "Cancel" where the server allows it (an admin at any time, leave already started included, the
 * ledger restored). The server allowed it before any screen offered it.
 */
export function PersonTimeOffCard({ userUuid, name }: { userUuid: string; name: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const days = useDays();
  const [page, setPage] = useState(1);
  const requests = useRequests({ userUuid, page, itemsPerPage: PAGE });
  const cancel = useCancelRequest();
  const [cancelling, setCancelling] = useState<TimeOffRequest | null>(null);
  const rows = requests.data?.data ?? [];

  const onCancel = async (uuid: string) => {
    await cancel.mutateAsync(uuid);
    notify.success(t('admin:timeOff.cancelled'));
    setCancelling(null);
  };

  return (
    <SectionCard title={t('admin:timeOff.personHistory', { name })} testId="person-time-off">
      <SimpleTable
        caption={t('admin:timeOff.personHistory', { name })}
        captionHidden
        columns={[
          t('admin:timeOff.type'),
          t('admin:timeOff.dates'),
          t('admin:timeOff.amount'),
          t('admin:timeOff.status'),
          t('admin:common.actions'),
        ]}
        empty={<Text c="dimmed">{t('admin:timeOff.noRequests')}</Text>}
        isEmpty={!requests.isPending && rows.length === 0}
        pages={Math.ceil((requests.data?.totalItems ?? 0) / PAGE)}
        page={page}
        onPage={setPage}
      >
        {rows.map((r) => (
          <Table.Tr key={r.uuid} data-testid="person-request-row">
            <Table.Td>{r.type.name}</Table.Td>
            <Table.Td>{days.range(r.startDate, r.endDate)}</Table.Td>
            <Table.Td>{days.amount(r.amount, r.type.unit)}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[r.status]} variant="filled">
                {f.status(r.status)}
              </Badge>
            </Table.Td>
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
    </SectionCard>
  );
}

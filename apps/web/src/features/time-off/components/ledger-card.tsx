import { Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard, SimpleTable } from '../../../components/section-card';
import { useLedger } from '../api/get-ledger';
import { useDays } from '../../../lib/days';

const PAGE = 10;

/** Every row the balances add up: grants, accruals, time taken (and returned), adjustments, carry-overs, expiries. */
export function LedgerCard() {
  const { t } = useTranslation();
  const days = useDays();
  const [page, setPage] = useState(1);
  const ledger = useLedger({ page, itemsPerPage: PAGE });
  const rows = ledger.data?.data ?? [];
  return (
    <SectionCard title={t('admin:timeOff.ledger')} testId="time-off-ledger">
      <SimpleTable
        caption={t('admin:timeOff.ledgerCaption')}
        columns={[
          t('admin:timeOff.effective'),
          t('admin:timeOff.type'),
          t('admin:timeOff.entry'),
          t('admin:timeOff.change'),
          t('admin:timeOff.reason'),
        ]}
        empty={<Text c="dimmed">{t('admin:timeOff.noEntries')}</Text>}
        isEmpty={!ledger.isPending && rows.length === 0}
        pages={Math.ceil((ledger.data?.totalItems ?? 0) / PAGE)}
        page={page}
        onPage={setPage}
      >
        {rows.map((e) => (
          <Table.Tr key={e.uuid}>
            <Table.Td>{days.date(e.effectiveDate)}</Table.Td>
            <Table.Td>{e.type.name}</Table.Td>
            <Table.Td>
              {e.reason === 'recounted'
                ? t('admin:timeOff.kinds.recounted')
                : e.kind === 'taken' && e.amount > 0
                  ? t('admin:timeOff.kinds.returned')
                  : t(`admin:timeOff.kinds.${e.kind}`)}
            </Table.Td>
            <Table.Td>{days.change(e.amount, e.type.unit)}</Table.Td>
            <Table.Td>{e.kind !== 'taken' && e.reason && <bdi>{e.reason}</bdi>}</Table.Td>
          </Table.Tr>
        ))}
      </SimpleTable>
    </SectionCard>
  );
}

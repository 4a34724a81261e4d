import { Badge, Button, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';
import { useTabParam } from '../../lib/use-tab-param';
import { useFormat } from '../../lib/format';
import { useApprovalCount } from './api/get-approvals';
import { useBalances } from './api/get-balances';
import { ApprovalsPanel } from './components/approvals-panel';
import { useDays } from '../../lib/days';
import { LedgerCard } from './components/ledger-card';
import { RequestDialog } from './components/request-dialog';
import { RequestsTable } from './components/requests-table';
import { TeamCalendar } from './components/team-calendar';

/** A member's balances per type and their requests; approvers also get approvals and the team calendar. */
function MyTimeOff() {
  const { t } = useTranslation();
  const _f = useFormat();
  const days = useDays();
  const balances = useBalances();
  const [asking, setAsking] = useState(false);

  return (
    <Stack gap="lg">
      <SectionCard
        title={t('admin:timeOff.balances')}
        testId="time-off-balances"
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAsking(true)}
            disabled={!balances.data?.data.length}
          >
            {t('admin:timeOff.request')}
          </Button>
        }
      >
        {!balances.data ? (
          <Skeleton h={80} />
        ) : balances.data.data.length === 0 ? (
          <Text c="dimmed">{t('admin:timeOff.noTypes')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {balances.data.data.map((b) => (
              <Paper
                key={b.type.uuid}
                withBorder
                p="md"
                style={{ borderInlineStartWidth: 6, borderInlineStartColor: b.type.color }}
                data-testid={`balance-${b.type.name}`}
                data-balance={b.balance}
              >
                <Text fw={600}>{b.type.name}</Text>
                <Text size="xl" fw={700} data-testid="balance-available">
                  {days.amount(b.available, b.type.unit)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('admin:timeOff.balanceLine', {
                    balance: days.amount(b.balance, b.type.unit),
                    pending: days.amount(b.pending, b.type.unit),
                  })}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </SectionCard>
      <SectionCard title={t('admin:timeOff.history')} testId="time-off-history">
        <RequestsTable caption={t('admin:timeOff.historyCaption')} />
      </SectionCard>
      <LedgerCard />
      {asking && balances.data && <RequestDialog balances={balances.data.data} onClose={() => setAsking(false)} />}
    </Stack>
  );
}

const TABS = ['mine', 'approvals', 'calendar'] as const;

export default function TimeOffScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const count = useApprovalCount();
  // The chosen tab lives in the address (?tab=approvals|calendar): a reload or a shared link opens it again.
  const [tab, setTab] = useTabParam(TABS);
  const approver = count.data?.isApprover ?? false;
  const pending = count.data?.pending ?? 0;

  return (
    <Stack gap="lg">
      <PageHeading>{t('admin:nav.timeOff')}</PageHeading>
      {approver ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="mine">{t('admin:timeOff.mine')}</Tabs.Tab>
            <Tabs.Tab
              value="approvals"
              rightSection={
                pending > 0 ? (
                  <Badge size="sm" color="red.9" circle={pending < 10}>
                    {pending >= 1000 ? `${f.number(999)}+` : f.number(pending)}
                  </Badge>
                ) : undefined
              }
            >
              {t('admin:timeOff.approvals')}
            </Tabs.Tab>
            <Tabs.Tab value="calendar">{t('admin:timeOff.calendar')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mine">
            <MyTimeOff />
          </Tabs.Panel>
          <Tabs.Panel value="approvals">
            <ApprovalsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="calendar">
            <TeamCalendar />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <MyTimeOff />
      )}
    </Stack>
  );
}

import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChartCard } from '../../components/charts/chart-card';
import { PageHeading } from '../../components/page-heading';
import { useFormat } from '../../lib/format';
import { usePlatformStats } from './api/get-platform-stats';

/** The super admin's view of the whole platform: companies, members, sign-ups by week, trials ending soon. */
export default function PlatformScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const stats = usePlatformStats();
  const s = stats.data;
  const figures = s
    ? ([
        ['companies', s.companies.total],
        ['enabledCompanies', s.companies.enabled],
        ['onTrial', s.companies.onTrial],
        ['activeMembers', s.activeMembers],
        ['users', s.users],
      ] as const)
    : [];
  const day = (d: string) => f.date(`${d}T12:00:00Z`);
  return (
    <Stack gap="lg">
      <div>
        <PageHeading>{t('admin:nav.platform')}</PageHeading>
        <Text c="dimmed">{t('admin:platform.subtitle')}</Text>
      </div>
      {stats.isError && (
        <Paper p="md" className="card" role="alert">
          <Text c="red.9">{(stats.error as Error).message}</Text>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} component="section" aria-label={t('admin:platform.figures')}>
        {figures.map(([key, value]) => (
          <Paper key={key} className="card" p="md" radius="md" data-testid={`platform-${key}`}>
            <Text size="sm" c="dimmed">
              {t(`admin:platform.${key}`)}
            </Text>
            <Text fw={700} size="xl" className="stat-value">
              {f.number(value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {s && (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <ChartCard
            id="signups"
            kind="bar"
            title={t('admin:platform.signups')}
            xLabel={t('admin:stats.weekOf')}
            labels={s.signups.map((w) => day(w.weekStart))}
            keys={s.signups.map((w) => w.weekStart)}
            series={[
              {
                key: 'users',
                label: t('admin:platform.newAccounts'),
                color: 'var(--mantine-color-blue-filled)',
                values: s.signups.map((w) => w.users),
              },
            ]}
            format={(v) => f.number(Math.round(v))}
            decimals={0}
            fileName={
              s.signups.length
                ? `signups-by-week-${s.signups[0]!.weekStart}-${s.signups.at(-1)!.weekStart}`
                : 'signups-by-week'
            }
          />
          <Paper className="card" p="md" radius="md" component="section" aria-labelledby="trials-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="trials-title">
                {t('admin:platform.trialsEnding')}
              </Title>
              {s.trialsEndingSoon.length === 0 ? (
                <Text c="dimmed">{t('admin:platform.noTrialsEnding')}</Text>
              ) : (
                <Table aria-labelledby="trials-title" data-testid="trials-ending">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('admin:platform.company')}</Table.Th>
                      <Table.Th scope="col">{t('admin:platform.trialEnds')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.trialsEndingSoon.map((c) => (
                      <Table.Tr key={c.uuid}>
                        <Table.Td>
                          <Anchor component={Link} to={`/companies/${c.uuid}`}>
                            {c.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{f.dateTime(c.trialEndsAt)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}

import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck, IconUserOff, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session/store';
import { useDashboardOverview } from './api/get-dashboard-overview';
import { useDashboardSummary } from './api/get-dashboard-summary';
import { AttentionCards } from './components/attention-cards';
import { CertificationsDueCard } from './components/certifications-due-card';
import { MyTimeOffCard } from './components/my-time-off-card';
import { PoliciesDueCard } from './components/policies-due-card';
import { SetupChecklist } from './components/setup-checklist';

type Figure = 'members' | 'admins' | 'teams' | 'disabledMembers';
const FIGURES: { key: Figure; icon: ComponentType<{ size?: number }>; color: string }[] = [
  { key: 'members', icon: IconUsers, color: 'indigo' },
  { key: 'admins', icon: IconShieldCheck, color: 'teal' },
  { key: 'teams', icon: IconUsersGroup, color: 'grape' },
  { key: 'disabledMembers', icon: IconUserOff, color: 'orange' },
];

/** `today` is what the console puts beside the figures for a member (the attendance clock card). */
export default function DashboardScreen({ today }: { today?: ReactNode }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { user, current, visiting } = useSession();
  const companyUuid = current?.company.uuid ?? '';
  const summary = useDashboardSummary(companyUuid);
  const overview = useDashboardOverview(current?.enabled ? companyUuid : '');
  // A figure the caller may not read (a member: disabled people) is left out, not shown empty.
  const figures = FIGURES.filter(({ key }) => summary.data?.[key] !== null);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="greeting">
          {t('admin:dashboard.greeting', { name: user?.firstName ?? '' })}
        </Title>
        <Text c="dimmed">{t('admin:dashboard.subtitle', { company: current?.company.name ?? '' })}</Text>
      </div>
      {summary.data && <SetupChecklist summary={summary.data} />}
      {overview.data && <AttentionCards overview={overview.data} />}
      {/* A member's own clock and time off: a visiting super admin is no member of this company. */}
      {current?.enabled && !visiting && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {today}
          <MyTimeOffCard companyUuid={companyUuid} myLeave={overview.data?.myLeave} />
        </SimpleGrid>
      )}
      <PoliciesDueCard companyUuid={companyUuid} />
      {current?.enabled && !visiting && <CertificationsDueCard />}
      <section aria-label={t('admin:dashboard.figures')}>
        {summary.isError ? (
          <Alert color="yellow">{t('admin:dashboard.unavailable')}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: figures.length }}>
            {figures.map(({ key, icon: Icon, color }) => (
              <Paper key={key} className="card" p="lg" radius="md" data-testid={`figure-${key}`}>
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" c="dimmed">
                      {t(`admin:dashboard.${key}`)}
                    </Text>
                    {summary.data ? (
                      <Text fw={700} size="xl" className="stat-value">
                        {f.number(summary.data[key] ?? 0)}
                      </Text>
                    ) : (
                      <Skeleton h={28} w={60} mt={4} />
                    )}
                  </div>
                  <ThemeIcon variant="light" color={color} size="xl" radius="md" aria-hidden>
                    <Icon size={24} />
                  </ThemeIcon>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </section>
    </Stack>
  );
}

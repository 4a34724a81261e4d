import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck, IconUserOff, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/store';
import { type DashboardSummary, useDashboardSummary } from './api/get-dashboard-summary';

const FIGURES: { key: keyof DashboardSummary; icon: ComponentType<{ size?: number }>; color: string }[] = [
  { key: 'members', icon: IconUsers, color: 'indigo' },
  { key: 'admins', icon: IconShieldCheck, color: 'teal' },
  { key: 'teams', icon: IconUsersGroup, color: 'grape' },
  { key: 'disabledMembers', icon: IconUserOff, color: 'orange' },
];

export default function DashboardScreen() {
  const { t, i18n } = useTranslation();
  const { user, current } = useSession();
  const summary = useDashboardSummary(current?.company.uuid ?? '');
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="greeting">
          {t('dashboard.greeting', { name: user?.firstName ?? '' })}
        </Title>
        <Text c="dimmed">{t('dashboard.subtitle', { company: current?.company.name ?? '' })}</Text>
      </div>
      <section aria-label={t('dashboard.figures')}>
        {summary.isError ? (
          <Alert color="yellow">{t('dashboard.unavailable')}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {FIGURES.map(({ key, icon: Icon, color }) => (
              <Paper key={key} className="card" p="lg" radius="md" data-testid={`figure-${key}`}>
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" c="dimmed">
                      {t(`dashboard.${key}`)}
                    </Text>
                    {summary.data ? (
                      <Text fw={700} size="xl" className="stat-value">
                        {number.format(summary.data[key])}
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

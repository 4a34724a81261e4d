import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../../lib/ability';
import { usePendingCount } from '../api/get-pending-count';
import { ClockCard } from './clock-card';

/** What attendance puts on the dashboard: the member's clock card and, for admins, requests waiting. */
export function DashboardToday() {
  const canDecide = useAbility().can('write', 'attendance');
  return (
    <Stack gap="md">
      <ClockCard />
      {canDecide && <PendingCorrections />}
    </Stack>
  );
}

function PendingCorrections() {
  const { t } = useTranslation();
  const pending = usePendingCount();
  if (!pending.data?.count) return null;
  return (
    <Paper className="card" p="lg" radius="md" data-testid="pending-corrections">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>{t('admin:attendance.pendingWaiting', { count: pending.data.count })}</Text>
        <Button component={Link} to="/attendance/corrections" variant="default">
          {t('admin:attendance.review')}
        </Button>
      </Group>
    </Paper>
  );
}

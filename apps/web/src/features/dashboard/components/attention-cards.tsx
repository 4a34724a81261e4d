import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DashboardOverview } from '@wac/shared/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';

/** One figure as a link to the screen where it is acted on; its accessible name says both. */
function FigureLink({ to, label, value, testId }: { to: string; label: string; value: number; testId: string }) {
  const f = useFormat();
  return (
    <Anchor component={Link} to={to} data-testid={testId} underline="hover" c="inherit">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{label}</Text>
        <Text fw={700} className="stat-value">
          {f.number(value)}
        </Text>
      </Group>
    </Anchor>
  );
}

function Card({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <Paper className="card" p="lg" radius="md" data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * What needs an admin's (or a manager's) attention today: the day board's counts, the approvals
 * waiting and the compliance backlog, each figure a link to where it is handled. A section the
 * caller may not act on is not in the answer and not shown.
 */
export function AttentionCards({ overview }: { overview: DashboardOverview }) {
  const { t } = useTranslation();
  const { attendance, approvals, compliance } = overview;
  const waiting: { kind: keyof typeof approvals; n: number; to: string }[] = [];
  const add = (kind: keyof typeof approvals, to: string) => {
    const n = approvals[kind];
    if (n !== null) waiting.push({ kind, n, to });
  };
  add('timeOff', '/time-off');
  add('corrections', '/attendance/corrections');
  add('joinRequests', '/users/join-requests');
  add('certificationUploads', '/certifications');
  if (!attendance && !waiting.length && !compliance) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {attendance && (
        <Card title={t('admin:dashboard.today')} testId="dashboard-attendance">
          {Object.entries(attendance.counts).map(([status, n]) => (
            <FigureLink
              key={status}
              to="/attendance/board"
              label={t(`admin:attendance.status.${status}`)}
              value={n}
              testId={`today-${status}`}
            />
          ))}
          <Anchor component={Link} to="/attendance/board" size="sm">
            {t('admin:dashboard.openDayBoard')}
          </Anchor>
        </Card>
      )}
      {waiting.length > 0 && (
        <Card title={t('admin:dashboard.waiting')} testId="dashboard-approvals">
          {waiting.map(({ kind, n, to }) => (
            <FigureLink
              key={kind}
              to={to}
              label={t(`admin:dashboard.approvals.${kind}`)}
              value={n}
              testId={`waiting-${kind}`}
            />
          ))}
        </Card>
      )}
      {compliance && (
        <Card title={t('admin:dashboard.compliance')} testId="dashboard-compliance">
          {(
            [
              ['/policies', 'overdueAcknowledgements', compliance.overdue, 'overdue'],
              ['/policies', 'outstandingAcknowledgements', compliance.outstanding, 'outstanding'],
              ['/policies', 'activePolicies', compliance.activePolicies, 'policies'],
              [
                '/certifications',
                'certificationsExpiring',
                compliance.certificationsExpiring,
                'certifications-expiring',
              ],
              ['/certifications', 'certificationsExpired', compliance.certificationsExpired, 'certifications-expired'],
              ['/certifications', 'certificationsMissing', compliance.certificationsMissing, 'certifications-missing'],
            ] as const
          ).map(([to, label, value, id]) => (
            <FigureLink
              key={id}
              to={to}
              label={t(`admin:dashboard.${label}`)}
              value={value}
              testId={`compliance-${id}`}
            />
          ))}
        </Card>
      )}
    </SimpleGrid>
  );
}

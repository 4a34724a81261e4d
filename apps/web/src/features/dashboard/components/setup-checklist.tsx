import { Anchor, Group, List, Paper, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { When } from '../../../components/when';
import { useAbility } from '../../../lib/ability';
import type { DashboardSummary } from '../api/get-dashboard-summary';

interface SetupStep {
  key: string;
  path: string;
  done: (s: DashboardSummary) => boolean;
  /** Shown only to who may take the step. */
  can: Parameters<ReturnType<typeof useAbility>['can']>;
}

/**
 * A new company's first steps, in order; an area that needs setting up (a schedule, a policy to
 * publish) adds its step here with the figure that says it is done.
 */
export const SETUP_STEPS: SetupStep[] = [
  {
    key: 'invite',
    path: '/users/invitations',
    done: (s) => s.members > 1 || (s.pendingInvitations ?? 0) > 0,
    can: ['write', 'user'],
  },
  { key: 'team', path: '/teams', done: (s) => s.teams > 0, can: ['write', 'team'] },
];

/** The checklist an admin of a new company sees until every step is done, with the trial's end. */
export function SetupChecklist({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const steps = SETUP_STEPS.filter((step) => ability.can(...step.can));
  const left = steps.filter((step) => !step.done(summary)).length;
  // The trial is the business of whoever runs the company: a member has nothing to do about it.
  const trialEnd = summary.trialEndsAt && ability.can('read', 'dashboard') ? new Date(summary.trialEndsAt) : null;
  if (left === 0 && !trialEnd) return null;
  return (
    <Paper className="card" p="lg" component="section" aria-labelledby="setup-title" data-testid="setup-checklist">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h4" id="setup-title">
          {left > 0 ? t('admin:dashboard.setup.title') : t('admin:dashboard.setup.trialTitle')}
        </Title>
        {trialEnd && (
          <Text size="sm" data-testid="trial-end">
            {t(
              trialEnd.getTime() > Date.now() ? 'admin:dashboard.setup.trialEnds' : 'admin:dashboard.setup.trialEnded',
            )}{' '}
            <When value={trialEnd} show="date" /> (<When value={trialEnd} />)
          </Text>
        )}
      </Group>
      {left > 0 && (
        <List spacing="xs" center>
          {steps.map((step) => {
            const done = step.done(summary);
            return (
              <List.Item
                key={step.key}
                icon={
                  <ThemeIcon color={done ? 'teal.8' : 'gray.7'} variant="light" size={24} radius="xl" aria-hidden>
                    {done ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
                  </ThemeIcon>
                }
              >
                {done ? (
                  <Text span td="line-through" c="dimmed">
                    {t(`admin:dashboard.setup.${step.key}`)}
                    <VisuallyHidden> ({t('admin:dashboard.setup.done')})</VisuallyHidden>
                  </Text>
                ) : (
                  <Anchor component={Link} to={step.path}>
                    {t(`admin:dashboard.setup.${step.key}`)}
                  </Anchor>
                )}
              </List.Item>
            );
          })}
        </List>
      )}
    </Paper>
  );
}

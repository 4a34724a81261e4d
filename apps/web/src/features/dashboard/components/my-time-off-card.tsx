import { Anchor, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { DashboardOverview } from '@wac/shared/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDays } from '../../../lib/days';
import { isolate } from '../../../lib/format';
import { useMyTimeOff } from '../api/get-my-time-off';

/**
 * "My time off": what each balance still allows, the next approved leave and the next request
 * still awaiting approval (`myLeave`, from the dashboard's overview; nothing said until it is read),
 * for every member. Days are the company's days (`YYYY-MM-DD`), shown as written in the reader's language.
 */
export function MyTimeOffCard({
  companyUuid,
  myLeave,
}: {
  companyUuid: string;
  myLeave: DashboardOverview['myLeave'] | undefined;
}) {
  const { t } = useTranslation();
  const mine = useMyTimeOff(companyUuid);
  const fmt = useDays();
  if (!mine.data?.balances.length) return null;
  const next = myLeave?.approved;
  const pending = myLeave?.pending;
  return (
    <Paper className="card" p="lg" radius="md" data-testid="my-time-off">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('admin:dashboard.myTimeOff')}
        </Title>
        <List spacing={4} listStyleType="none" p={0}>
          {mine.data.balances.map((b) => (
            <List.Item key={b.type.uuid}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">{b.type.name}</Text>
                <Text size="sm" fw={600}>
                  {t('admin:dashboard.available', { count: b.available, amount: fmt.amount(b.available, b.type.unit) })}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
        {myLeave && (next || !pending) && (
          <Text size="sm" data-testid="next-leave">
            {next
              ? t('admin:dashboard.nextLeave', {
                  type: isolate(next.type.name),
                  when: isolate(fmt.range(next.startDate, next.endDate)),
                })
              : t('admin:dashboard.noLeavePlanned')}
          </Text>
        )}
        {pending && (
          <Text size="sm" data-testid="pending-leave">
            {t('admin:dashboard.pendingLeave', {
              type: isolate(pending.type.name),
              when: isolate(fmt.range(pending.startDate, pending.endDate)),
            })}
          </Text>
        )}
        <Anchor component={Link} to="/time-off" size="sm">
          {t('admin:nav.timeOff')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

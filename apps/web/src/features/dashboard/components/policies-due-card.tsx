import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { usePoliciesDue } from '../api/get-policies-due';

/** "Policies to acknowledge": shown only when the member has some, each a link to read it. */
export function PoliciesDueCard({ companyUuid }: { companyUuid: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const due = usePoliciesDue(companyUuid);
  if (!due.data?.length) return null;
  return (
    <Paper className="card" p="lg" radius="md" data-testid="policies-due">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('admin:policies.dashboardTitle')}
          </Title>
          <Text size="sm">{t('admin:policies.dashboardCount', { count: due.data.length })}</Text>
        </Group>
        <List spacing={4}>
          {due.data.slice(0, 5).map((p) => (
            <List.Item key={p.uuid}>
              <Group gap="xs">
                <Anchor component={Link} to={`/my-policies/${p.uuid}`}>
                  {p.title}
                </Anchor>
                <Badge color={p.status === 'overdue' ? 'red.9' : 'blue.9'} variant="filled" size="sm">
                  {f.status(p.status)}
                </Badge>
                {p.dueAt && (
                  <Text size="sm" c="dimmed">
                    {t('admin:policies.dueOn', { when: f.date(p.dueAt) })}
                  </Text>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
        <Anchor component={Link} to="/my-policies" size="sm">
          {t('admin:nav.myPolicies')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

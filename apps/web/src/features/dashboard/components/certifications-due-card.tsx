import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyCertifications } from '../../certifications/api/get-my-certifications';
import { STATUS_COLOR } from '../../certifications/status';
import { useFormat } from '../../../lib/format';

const ORDER = { expired: 0, missing: 1, expiring: 2, valid: 3 } as const;

/**
 * "My certifications" on a member's dashboard: shown only when one needs them (expired, missing, or
 * expiring within its reminder window), the most urgent first, each with its day. A first aid
 * certificate running out in ten days was only on its own screen.
 */
export function CertificationsDueCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const mine = useMyCertifications();
  const due = (mine.data?.data ?? [])
    .filter((c) => c.status !== 'valid')
    .sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  if (!due.length) return null;
  return (
    <Paper className="card" p="lg" radius="md" data-testid="certifications-due">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('admin:certifications.myTitle')}
          </Title>
          <Text size="sm">{t('admin:certifications.myAttention', { count: due.length })}</Text>
        </Group>
        <List spacing={4}>
          {due.slice(0, 5).map((c) => (
            <List.Item key={c.type.uuid}>
              <Group gap="xs">
                <Text span>{c.type.name}</Text>
                <Badge color={STATUS_COLOR[c.status]} variant="filled" size="sm">
                  {f.status(c.status)}
                </Badge>
                {c.record && (
                  <Text size="sm" c="dimmed">
                    {t(
                      c.status === 'expired' ? 'admin:certifications.expiredWhen' : 'admin:certifications.expiresWhen',
                      {
                        // A calendar day, read at local midnight as the certifications screens read it.
                        when: f.date(new Date(`${c.record.expiresOn}T00:00:00`)),
                      },
                    )}
                  </Text>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
        <Anchor component={Link} to="/my-certifications" size="sm">
          {t('admin:nav.myCertifications')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

import { Alert, Anchor, Badge, Button, Group, Stack, Text, Typography } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';
import { useFormat } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSingleFlight } from '../../lib/single-flight';
import { useAcknowledgePolicy } from './api/acknowledge-policy';
import { downloadMyPolicyPdf, useMyPolicy } from './api/get-my-policies';
import { STATUS_COLOR } from './policies-screen';

/**
 * One of my policies: its current version as the server stored it (HTML sanitised on the server
 * by an allow-list, or a PDF to download), and "I acknowledge", which sends the hash of exactly
 * this content so the record proves what was shown.
 */
export default function MyPolicyScreen() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const f = useFormat();
  const policy = useMyPolicy(uuid);
  const ack = useAcknowledgePolicy(uuid);
  const p = policy.data;
  const onAcknowledge = useSingleFlight(async () => {
    if (!p) return;
    await ack.mutateAsync({ versionUuid: p.versionUuid, contentSha256: p.contentSha256 });
    notify.success(t('admin:policies.acknowledgedDone', { name: p.title }));
  });
  if (!p) return <PageHeading>{t('admin:policies.myTitle')}</PageHeading>;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/my-policies">
        {t('admin:policies.backToMine')}
      </Anchor>
      <Group gap="sm">
        <PageHeading>{p.title}</PageHeading>
        <Badge color={STATUS_COLOR[p.status]} variant="filled">
          {f.status(p.status)}
        </Badge>
      </Group>
      <Text>
        {t('admin:policies.versionPublished', { number: f.number(p.number), when: f.date(p.publishedAt) })}
        {p.status !== 'acknowledged' && p.dueAt ? ` · ${t('admin:policies.dueOn', { when: f.date(p.dueAt) })}` : ''}
      </Text>
      <SectionCard title={t('admin:policies.text')}>
        {p.bodyKind === 'text' ? (
          <Typography className="rich-text">
            {/* The text's own direction, not the console's: an English policy read in Arabic keeps its full stops at the end. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by an allow-list (lib/html.ts) */}
            <div data-testid="policy-body" dir="auto" dangerouslySetInnerHTML={{ __html: p.bodyHtml ?? '' }} />
          </Typography>
        ) : (
          <Button
            variant="default"
            className="button-wraps"
            maw="100%"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadMyPolicyPdf(p.uuid, p.pdfName ?? 'policy.pdf')}
          >
            {t('admin:policies.downloadPdf', { name: p.pdfName ?? 'policy.pdf' })}
          </Button>
        )}
      </SectionCard>
      {p.status === 'acknowledged' ? (
        <Alert color="teal" data-testid="acknowledged-note">
          {t('admin:policies.youAcknowledged', { when: f.dateTime(p.acknowledgedAt ?? p.publishedAt) })}
        </Alert>
      ) : (
        <Group>
          <Button onClick={onAcknowledge} loading={ack.isPending}>
            {t('admin:policies.acknowledge')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('admin:policies.acknowledgeHelp')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

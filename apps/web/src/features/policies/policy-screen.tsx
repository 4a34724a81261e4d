import { Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppDialog } from '../../components/app-dialog';
import { PageHeading } from '../../components/page-heading';
import { SectionCard, SimpleTable } from '../../components/section-card';
import { useFormat } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSingleFlight } from '../../lib/single-flight';
import { useArchivePolicy } from './api/archive-policy';
import { downloadEvidenceCsv, downloadEvidenceManifest } from './api/export-evidence';
import { usePolicy } from './api/get-policy';
import { usePublishPolicy } from './api/publish-policy';
import { PolicyDraftCard } from './components/policy-draft-card';
import { PolicyFormDialog } from './components/policy-form-dialog';
import { PolicyTracking } from './components/policy-tracking';
import { STATUS_COLOR } from './policies-screen';

/** One policy for its admins: details, the draft (rich text or PDF), publishing, versions, tracking. */
export default function PolicyScreen() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const f = useFormat();
  const policy = usePolicy(uuid);
  const p = policy.data;
  const draft = p?.versions.find((v) => v.state === 'draft') ?? null;
  const publish = usePublishPolicy(uuid);
  const archive = useArchivePolicy();
  const [editing, setEditing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [requiresAck, setRequiresAck] = useState(true);
  const [archiving, setArchiving] = useState(false);
  // Once at a time: a double click published twice, the second refused as a concurrent edit.
  const onPublish = useSingleFlight(async () => {
    if (!p) return;
    await publish.mutateAsync({ version: p.version, requiresAck });
    notify.success(t('admin:policies.published'));
    setPublishing(false);
  });
  const onArchive = useSingleFlight(async () => {
    if (!p) return;
    await archive.mutateAsync({ uuid: p.uuid, version: p.version });
    notify.success(t('admin:policies.archivedDone', { name: p.title }));
    setArchiving(false);
  });

  if (!p) return <PageHeading>{t('admin:policies.title')}</PageHeading>;
  const archived = p.status === 'archived';
  const newest = Math.max(0, ...p.versions.filter((v) => v.state === 'published').map((v) => v.number));

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Group gap="sm">
          <PageHeading>{p.title}</PageHeading>
          <Badge color={STATUS_COLOR[p.status]} variant="filled">
            {f.status(p.status)}
          </Badge>
        </Group>
        {!archived && (
          <Group gap="xs">
            <Button variant="default" onClick={() => setEditing(true)}>
              {t('admin:policies.editShort')}
            </Button>
            <Button variant="default" color="red.9" onClick={() => setArchiving(true)}>
              {t('admin:policies.archive')}
            </Button>
          </Group>
        )}
      </Group>

      <SectionCard title={t('admin:policies.details')}>
        <Stack gap={4}>
          <Text>
            {t('admin:common.labelValue', {
              label: t('admin:policies.category'),
              value: p.category || t('admin:policies.none'),
            })}
          </Text>
          <Text>
            {t('admin:common.labelValue', {
              label: t('admin:policies.owner'),
              value: p.owner ? `${p.owner.firstName} ${p.owner.lastName}` : t('admin:policies.noOwner'),
            })}
          </Text>
          <Text>
            {t('admin:common.labelValue', {
              label: t('admin:policies.audience'),
              value: p.audience.all
                ? t('admin:policies.audienceAll')
                : p.audience.teamUuids.length + p.audience.departmentUuids.length === 0
                  ? // Its only team or department was deleted: said, not "0 teams, 0 departments".
                    t('admin:policies.audienceNobody')
                  : t('admin:policies.audienceSome', {
                      teams: t('admin:policies.teamCount', { count: p.audience.teamUuids.length }),
                      departments: t('admin:policies.departmentCount', { count: p.audience.departmentUuids.length }),
                    }),
            })}
          </Text>
          <Text>{t('admin:policies.dueAfter', { count: p.dueDays })}</Text>
        </Stack>
      </SectionCard>

      {!archived && <PolicyDraftCard key={p.uuid} policy={p} onPublish={() => setPublishing(true)} />}

      <SectionCard
        title={t('admin:policies.versions')}
        actions={
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => void downloadEvidenceManifest(p.uuid, p.title)}>
              {t('admin:policies.evidenceJson')}
            </Button>
            <Button variant="default" size="xs" onClick={() => void downloadEvidenceCsv(p.uuid, p.title)}>
              {t('admin:policies.evidenceCsv')}
            </Button>
          </Group>
        }
      >
        <SimpleTable
          caption={t('admin:policies.versions')}
          columns={[
            t('admin:policies.version'),
            t('admin:policies.status'),
            t('admin:policies.kind'),
            t('admin:policies.publishedAt'),
            t('admin:policies.hash'),
          ]}
          isEmpty={p.versions.length === 0}
          empty={t('admin:table.empty')}
        >
          {p.versions.map((v) => (
            <tr key={v.uuid}>
              <td>{f.number(v.number)}</td>
              <td>
                {f.status(v.state)}
                {/* An older published version is history: what members acknowledge now is the newest. */}
                {v.state !== 'published'
                  ? ''
                  : v.number < newest
                    ? ` · ${t('admin:policies.superseded')}`
                    : v.requiresAck
                      ? ` · ${t('admin:policies.needsAck')}`
                      : ''}
              </td>
              <td>{v.bodyKind ? t(`admin:policies.kind_${v.bodyKind}`) : t('admin:policies.none')}</td>
              <td>{v.publishedAt ? f.dateTime(v.publishedAt) : t('admin:policies.none')}</td>
              <td>
                <code>{v.contentSha256 ? `${v.contentSha256.slice(0, 12)}…` : t('admin:policies.none')}</code>
              </td>
            </tr>
          ))}
        </SimpleTable>
      </SectionCard>

      {p.ackNumber !== null && <PolicyTracking uuid={p.uuid} />}

      {editing && <PolicyFormDialog policy={p} onClose={() => setEditing(false)} />}
      {publishing && (
        <AppDialog opened onClose={() => setPublishing(false)} title={t('admin:policies.publishTitle')}>
          <Stack>
            <Text>{t('admin:policies.publishText', { number: f.number(draft?.number ?? 1) })}</Text>
            <Checkbox
              label={t('admin:policies.requiresAck')}
              description={t('admin:policies.requiresAckHelp')}
              checked={requiresAck || p.ackNumber === null}
              disabled={p.ackNumber === null}
              onChange={(e) => setRequiresAck(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPublishing(false)}>
                {t('admin:common.cancel')}
              </Button>
              <Button onClick={onPublish} loading={publish.isPending}>
                {t('admin:policies.publish')}
              </Button>
            </Group>
          </Stack>
        </AppDialog>
      )}
      {archiving && (
        <AppDialog opened onClose={() => setArchiving(false)} title={t('admin:policies.archiveTitle')}>
          <Stack>
            <Text>{t('admin:policies.archiveText', { name: p.title })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setArchiving(false)}>
                {t('admin:common.cancel')}
              </Button>
              <Button color="red.9" onClick={onArchive} loading={archive.isPending}>
                {t('admin:policies.archive')}
              </Button>
            </Group>
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}

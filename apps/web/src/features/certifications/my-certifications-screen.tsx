import type { MyCertification } from '@wac/shared/schemas/certifications';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { SectionCard, SimpleTable } from '../../components/section-card';
import { isolate, useFormat } from '../../lib/format';
import { downloadMyEvidence } from './api/download-evidence';
import { useMyCertifications } from './api/get-my-certifications';
import { SubmitDialog } from './components/submit-dialog';
import { STATUS_COLOR } from './status';

const day = (d: string) => new Date(`${d}T00:00:00`);

/** The certifications I need: expired and missing first, then expiring, then valid. */
export default function MyCertificationsScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const mine = useMyCertifications();
  const [uploading, setUploading] = useState<MyCertification | null>(null);
  const rows = mine.data?.data ?? [];
  const attention = rows.filter((r) => r.status !== 'valid').length;
  return (
    <Stack gap="lg">
      <PageHeading>{t('admin:certifications.myTitle')}</PageHeading>
      <Text data-testid="my-certifications-summary">
        {rows.length === 0 || attention === 0
          ? t('admin:certifications.myAllGood')
          : t('admin:certifications.myAttention', { count: attention })}
      </Text>
      <SectionCard title={t('admin:certifications.myList')}>
        <SimpleTable
          caption={t('admin:certifications.myList')}
          captionHidden
          testId="my-certifications"
          columns={[
            t('admin:certifications.name'),
            t('admin:certifications.status'),
            t('admin:certifications.issuedOn'),
            t('admin:certifications.expiresOn'),
            t('admin:certifications.evidence'),
            t('admin:certifications.myUpload'),
            t('admin:common.actions'),
          ]}
          isEmpty={!mine.isLoading && rows.length === 0}
          empty={t('admin:certifications.myEmpty')}
        >
          {rows.map((r) => (
            <tr key={r.type.uuid}>
              <td>{r.type.name}</td>
              <td>
                <Badge color={STATUS_COLOR[r.status]} variant="filled">
                  {f.status(r.status)}
                </Badge>
              </td>
              <td>{r.record ? f.date(day(r.record.issuedOn)) : t('admin:certifications.none')}</td>
              <td>{r.record ? f.date(day(r.record.expiresOn)) : t('admin:certifications.none')}</td>
              <td>
                {r.record?.evidence ? (
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => void downloadMyEvidence(r.record!.uuid, r.record!.evidence!.name)}
                  >
                    {t('admin:certifications.download', { name: r.record.evidence.name })}
                  </Anchor>
                ) : (
                  t('admin:certifications.none')
                )}
              </td>
              <td data-testid="my-submission">
                {r.submission ? (
                  <Stack gap={2}>
                    <Badge color={r.submission.status === 'pending' ? 'blue' : 'red'} variant="light">
                      {t(`admin:certifications.submission.${r.submission.status}`)}
                    </Badge>
                    <Text size="sm">
                      {t('admin:certifications.submissionDates', {
                        issued: f.date(day(r.submission.issuedOn)),
                        expires: f.date(day(r.submission.expiresOn)),
                      })}
                    </Text>
                    {r.submission.reason && (
                      <Text size="sm">
                        {t('admin:certifications.rejectedBecause', { reason: isolate(r.submission.reason) })}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  t('admin:certifications.none')
                )}
              </td>
              <td>
                <Button
                  size="xs"
                  variant="light"
                  disabled={r.submission?.status === 'pending'}
                  onClick={() => setUploading(r)}
                  aria-label={t('admin:certifications.uploadLabel', { type: r.type.name })}
                >
                  {t('admin:certifications.upload')}
                </Button>
              </td>
            </tr>
          ))}
        </SimpleTable>
      </SectionCard>
      {uploading && mine.data && (
        <SubmitDialog item={uploading} today={mine.data.today} onClose={() => setUploading(null)} />
      )}
    </Stack>
  );
}

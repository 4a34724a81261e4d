import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { SectionCard, SimpleTable } from '../../components/section-card';
import { useFormat } from '../../lib/format';
import { downloadMyEvidence } from './api/download-evidence';
import { useMyCertifications } from './api/get-my-certifications';
import { STATUS_COLOR } from './status';

const day = (d: string) => new Date(`${d}T00:00:00`);

/** The certifications I need: expired and missing first, then expiring, then valid. */
export default function MyCertificationsScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const mine = useMyCertifications();
  const rows = mine.data?.data ?? [];
  const attention = rows.filter((r) => r.status !== 'valid').length;
  return (
    <Stack gap="lg">
      <PageHeading>{t('admin:certifications.myTitle')}</PageHeading>
      <Text data-testid="my-certifications-summary">
        {rows.length === 0 || attention === 0
          ? t('admin:certifications.myAllGood')
          : t('admin:certifications.myAttention', { n: f.number(attention) })}
      </Text>
      <SectionCard title={t('admin:certifications.myList')}>
        <SimpleTable
          caption={t('admin:certifications.myList')}
          testId="my-certifications"
          columns={[
            t('admin:certifications.name'),
            t('admin:certifications.status'),
            t('admin:certifications.issuedOn'),
            t('admin:certifications.expiresOn'),
            t('admin:certifications.evidence'),
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
            </tr>
          ))}
        </SimpleTable>
      </SectionCard>
    </Stack>
  );
}

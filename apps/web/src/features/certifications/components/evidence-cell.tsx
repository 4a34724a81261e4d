import type { CertificationRecord } from '@wac/shared/schemas/certifications';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { downloadEvidence } from '../api/download-evidence';

/** A record's evidence in a table: a button that downloads the file, or "none". */
export function EvidenceCell({ record }: { record: CertificationRecord | null }) {
  const { t } = useTranslation();
  const evidence = record?.evidence;
  if (!record || !evidence) return <>{t('admin:certifications.none')}</>;
  return (
    <Anchor component="button" type="button" onClick={() => void downloadEvidence(record.uuid, evidence.name)}>
      {t('admin:certifications.download', { name: evidence.name })}
    </Anchor>
  );
}

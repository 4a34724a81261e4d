import type { MyCertification } from '@wac/shared/schemas/certifications';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useSubmitCertification } from '../api/submit-certification';
import { CertificateDialog } from './certificate-dialog';

/** A member uploads their own certificate (the evidence is required): it counts once an admin approves it. */
export function SubmitDialog({ item, today, onClose }: { item: MyCertification; today: string; onClose: () => void }) {
  const { t } = useTranslation();
  const type = item.type;
  const save = useSubmitCertification(type.uuid);
  return (
    <CertificateDialog
      title={t('admin:certifications.submitTitle', { type: type.name })}
      intro={t('admin:certifications.submitHelp')}
      today={today}
      validityMonths={type.validityMonths}
      evidenceRequired
      submitLabel={t('admin:certifications.submit')}
      saving={save.isPending}
      onSave={async ({ file, ...dates }) => {
        if (!file) return;
        await save.mutateAsync({ ...dates, file });
        notify.success(t('admin:certifications.submitted', { type: type.name }));
      }}
      onClose={onClose}
    />
  );
}

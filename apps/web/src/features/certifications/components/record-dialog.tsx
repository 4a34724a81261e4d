import type { CertificationTypeWithCounts } from '@wac/shared/schemas/certifications';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useRecordCertification } from '../api/record-certification';
import { CertificateDialog } from './certificate-dialog';

type Person = { uuid: string; firstName: string; lastName: string };

/** Records a certification for one person (the evidence is optional): it counts at once. */
export function RecordDialog({
  type,
  person,
  onClose,
}: {
  type: CertificationTypeWithCounts;
  person: Person;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useRecordCertification(type.uuid);
  const name = `${person.firstName} ${person.lastName}`;
  return (
    <CertificateDialog
      title={t('admin:certifications.recordTitle', { type: type.name })}
      intro={t('admin:certifications.recordFor', { name })}
      today={type.today}
      validityMonths={type.validityMonths}
      evidenceRequired={false}
      submitLabel={t('admin:certifications.record')}
      saving={save.isPending}
      onSave={async (values) => {
        await save.mutateAsync({ userUuid: person.uuid, ...values });
        notify.success(t('admin:certifications.recorded', { name, type: type.name }));
      }}
      onClose={onClose}
    />
  );
}

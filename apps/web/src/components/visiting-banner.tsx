import { Alert } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session/store';

/** Says, on every screen, that a super admin is in a company he is no member of, and in which mode. */
export function VisitingBanner() {
  const { t } = useTranslation();
  const { visiting, current } = useSession();
  if (!visiting || !current) return null;
  const company = current.company.name;
  return (
    <Alert
      role="status"
      mb="md"
      color={visiting.write ? 'orange.9' : 'blue.9'}
      variant="light"
      icon={visiting.write ? <IconPencil size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
      data-testid="visiting-banner"
    >
      {visiting.write ? t('admin:visiting.write', { company }) : t('admin:visiting.readOnly', { company })}
    </Alert>
  );
}

import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { RequestsTable } from './requests-table';

/**
 * A person's time off as an admin sees it on their record, with "Cancel" where the server allows
 * it (an admin at any time, leave under way included, the ledger restored).
 */
export function PersonTimeOffCard({ userUuid, name }: { userUuid: string; name: string }) {
  const { t } = useTranslation();
  const title = t('admin:timeOff.personHistory', { name });
  return (
    <SectionCard title={title} testId="person-time-off">
      <RequestsTable userUuid={userUuid} caption={title} captionHidden />
    </SectionCard>
  );
}

import type { CertificationTypeWithCounts } from '@wac/shared/schemas/certifications';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompanyEvidenceExport } from '../../components/company-evidence-export';
import { type Column, DataTable } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { useFormat } from '../../lib/format';
import { useTableState } from '../../lib/use-table-state';
import { useCertificationTypes } from './api/get-certification-types';
import { CertificationTypeFormDialog } from './components/certification-type-form-dialog';
import { SubmissionsSection } from './components/submissions-section';
import { duration, STATUS_COLOR } from './status';

const SORTS = ['name', 'createdAt'] as const;
type Sort = (typeof SORTS)[number];
const COUNTED = ['valid', 'expiring', 'expired', 'missing'] as const;

/** The company's certification types (compliance admins), each with where its audience stands today. */
export default function CertificationsScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const state = useTableState<Sort>({ sorts: SORTS, defaultSort: 'name' });
  const rows = useCertificationTypes(state.query);
  const [creating, setCreating] = useState(false);

  const columns: Column<CertificationTypeWithCounts, Sort>[] = [
    {
      key: 'name',
      header: t('admin:certifications.name'),
      sort: 'name',
      card: 'title',
      render: (r) => (
        <Anchor component={Link} to={`/certifications/${r.uuid}`}>
          {r.name}
        </Anchor>
      ),
    },
    {
      key: 'validity',
      header: t('admin:certifications.validity'),
      render: (r) => duration(f.language, r.validityMonths, 'month'),
    },
    ...COUNTED.map(
      (status): Column<CertificationTypeWithCounts, Sort> => ({
        key: status,
        header: f.status(status),
        render: (r) =>
          r.counts[status] > 0 ? (
            <Badge color={STATUS_COLOR[status]} variant="filled" data-testid={`count-${status}`}>
              {f.number(r.counts[status])}
            </Badge>
          ) : (
            <Text span data-testid={`count-${status}`}>
              {f.number(0)}
            </Text>
          ),
      }),
    ),
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageHeading>{t('admin:certifications.title')}</PageHeading>
        <Group gap="sm">
          <CompanyEvidenceExport />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('admin:certifications.createType')}
          </Button>
        </Group>
      </Group>
      <Text>{t('admin:certifications.intro')}</Text>
      <DataTable
        testId="certification-types"
        caption={t('admin:certifications.title')}
        columns={columns}
        rows={rows.data?.data}
        totalItems={rows.data?.totalItems}
        loading={rows.isFetching}
        state={state}
        rowId={(r) => r.uuid}
        searchLabel={t('admin:certifications.search')}
      />
      <SubmissionsSection />
      {creating && <CertificationTypeFormDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}

import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { SectionCard, SimpleTable } from '../../components/section-card';
import { useFormat } from '../../lib/format';
import { useMyPolicies } from './api/get-my-policies';
import { STATUS_COLOR } from './policies-screen';

/** The policies I must read (outstanding and overdue first) and the ones I acknowledged. */
export default function MyPoliciesScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const mine = useMyPolicies();
  const rows = mine.data?.data ?? [];
  return (
    <Stack gap="lg">
      <PageHeading>{t('admin:policies.myTitle')}</PageHeading>
      <Text>{t('admin:policies.myIntro')}</Text>
      <SectionCard title={t('admin:policies.myList')}>
        <SimpleTable
          caption={t('admin:policies.myList')}
          captionHidden
          testId="my-policies"
          columns={[
            t('admin:policies.policyTitle'),
            t('admin:policies.version'),
            t('admin:policies.status'),
            t('admin:policies.dueAt'),
          ]}
          isEmpty={!mine.isLoading && rows.length === 0}
          empty={t('admin:policies.myEmpty')}
        >
          {rows.map((r) => (
            <tr key={r.uuid}>
              <td>
                <Anchor component={Link} to={`/my-policies/${r.uuid}`}>
                  {r.title}
                </Anchor>
              </td>
              <td>{f.number(r.number)}</td>
              <td>
                <Badge color={STATUS_COLOR[r.status]} variant="filled">
                  {f.status(r.status)}
                </Badge>
              </td>
              <td>{r.status === 'acknowledged' || !r.dueAt ? t('admin:policies.none') : f.date(r.dueAt)}</td>
            </tr>
          ))}
        </SimpleTable>
      </SectionCard>
    </Stack>
  );
}

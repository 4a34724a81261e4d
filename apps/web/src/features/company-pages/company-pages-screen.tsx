import type { CompanyPage } from '@wac/shared/schemas/company-pages';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/app-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { useAbility } from '../../lib/ability';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session/store';
import { notify } from '../../lib/notify';
import { useTableState } from '../../lib/use-table-state';
import { useDeleteCompanyPage } from './api/delete-company-page';
import { useCompanyPages } from './api/get-company-pages';
import { CompanyPageFormDialog } from './components/company-page-form-dialog';

const SORTS = ['title', 'createdAt'] as const;
type Sort = (typeof SORTS)[number];

/** Company pages of the company: every member reads the list, its admins create, edit and delete. */
export default function CompanyPagesScreen() {
  const { t } = useTranslation();
  const canWrite = useAbility().can('write', 'dashboard');
  const state = useTableState<Sort>({ sorts: SORTS, defaultSort: 'title' });
  const rows = useCompanyPages(state.query);
  const del = useDeleteCompanyPage();
  const [editing, setEditing] = useState<CompanyPage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CompanyPage | null>(null);
  const format = useFormat();
  const company = useSession().current?.company.subDomain ?? '';

  const onDelete = async (row: CompanyPage) => {
    await del.mutateAsync({ uuid: row.uuid, version: row.version });
    notify.success(t('admin:companyPages.deleted', { name: row.title }));
    setDeleting(null);
  };

  const columns: Column<CompanyPage, Sort>[] = [
    { key: 'title', header: t('admin:companyPages.pageTitle'), sort: 'title', render: (r) => r.title },
    {
      key: 'slug',
      header: t('admin:companyPages.address'),
      render: (r) => (
        <Anchor href={`/admin/public/${company}/${r.slug}`} target="_blank" rel="noopener">
          {`/public/${company}/${r.slug}`}
        </Anchor>
      ),
    },
    {
      key: 'published',
      header: t('admin:companyPages.status'),
      render: (r) => (
        <Badge variant="dot" color={r.published ? 'green' : 'gray'}>
          {r.published ? t('admin:companyPages.isPublished') : t('admin:companyPages.draft')}
        </Badge>
      ),
    },
    {
      key: 'people',
      header: t('admin:companyPages.people'),
      // A list in the reader's language (Arabic joins with its own comma and و), not a Latin comma.
      render: (r) => format.list(r.dashboardUsers.map((u) => `${u.firstName} ${u.lastName}`)),
    },
    {
      key: 'createdAt',
      header: t('admin:companyPages.createdAt'),
      sort: 'createdAt',
      render: (r) => format.date(r.createdAt),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: t('admin:common.actions'),
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            aria-label={t('admin:companyPages.editLabel', { name: r.title })}
            onClick={() => setEditing(r)}
          >
            {t('admin:companyPages.editShort')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red.9"
            aria-label={t('admin:companyPages.deleteLabel', { name: r.title })}
            onClick={() => setDeleting(r)}
          >
            {t('admin:companyPages.deleteShort')}
          </Button>
        </Group>
      ),
    });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('admin:companyPages.title')}
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('admin:companyPages.create')}
          </Button>
        )}
      </Group>
      <DataTable
        testId="company-pages-table"
        caption={t('admin:companyPages.title')}
        columns={columns}
        rows={rows.data?.data}
        totalItems={rows.data?.totalItems}
        loading={rows.isFetching}
        state={state}
        rowId={(r) => r.uuid}
        searchLabel={t('admin:companyPages.search')}
      />
      {editing && (
        <CompanyPageFormDialog companyPage={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <AppDialog opened onClose={() => setDeleting(null)} title={t('admin:companyPages.deleteTitle')}>
          <Stack>
            <Text>{t('admin:companyPages.deleteText', { name: deleting.title })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('admin:common.cancel')}
              </Button>
              <Button color="red.9" onClick={() => void onDelete(deleting)} loading={del.isPending}>
                {t('admin:companyPages.deleteShort')}
              </Button>
            </Group>
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}

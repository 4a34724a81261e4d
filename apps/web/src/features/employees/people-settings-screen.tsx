import type { CustomField } from '@wac/shared/schemas/employees';
import { Alert, Anchor, Button, Group, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppDialog } from '../../components/app-dialog';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';
import { ApiError } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDeleteField } from './api/delete-field';
import { useFields } from './api/get-fields';
import { usePeopleSettings } from './api/get-people-settings';
import { FieldFormDialog } from './components/field-form-dialog';
import { SelfEditableSettings } from './components/self-editable-settings';

/** People settings (admins, peopleHR): the company's custom record fields, and what members edit themselves. */
export default function PeopleSettingsScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const fields = useFields();
  const settings = usePeopleSettings();
  const del = useDeleteField();
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const rows = fields.data?.data ?? [];
  // The dialogs unmount when they close, before Mantine can hand the focus back: the screen does it.
  const opener = useRef<HTMLElement | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const open = (show: () => void) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    show();
  };
  const refocus = () => {
    const el = opener.current;
    opener.current = null;
    setTimeout(() => {
      // A deleted field's row is gone with its button: the focus goes to "Add a field".
      (el?.isConnected ? el : addButton.current)?.focus();
    }, 0);
  };
  const closeEdit = () => {
    setEditing(null);
    refocus();
  };
  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(null);
    refocus();
  };
  const onDelete = async (field: CustomField) => {
    setDeleteError(null);
    try {
      await del.mutateAsync({ uuid: field.uuid, version: field.version });
      notify.success(t('admin:peopleSettings.fieldDeleted', { name: field.label }));
      closeDelete();
    } catch (err) {
      if (err instanceof ApiError) setDeleteError(err.message);
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <PageHeading>{t('admin:peopleSettings.title')}</PageHeading>
        <Anchor component={Link} to="/people" size="sm">
          {t('admin:peopleSettings.backToPeople')}
        </Anchor>
      </div>
      <SectionCard
        title={t('admin:peopleSettings.customFields')}
        testId="custom-fields"
        actions={
          <Button
            ref={addButton}
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => open(() => setEditing('new'))}
          >
            {t('admin:peopleSettings.addField')}
          </Button>
        }
      >
        <Text c="dimmed" size="sm" mb="sm">
          {t('admin:peopleSettings.customFieldsHint')}
        </Text>
        {/* A phone scrolls the table itself sideways, never the page; the region takes the keyboard focus. */}
        <ScrollArea
          type="auto"
          // The horizontal scrollbar gets its own room under the table instead of covering its last row.
          offsetScrollbars="present"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('admin:peopleSettings.customFields') }}
        >
          <Table data-testid="custom-fields-table" miw={640}>
            {/* Named for screen readers; the card's heading already says it on screen. */}
            <Table.Caption>
              <VisuallyHidden>{t('admin:peopleSettings.customFields')}</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin:peopleSettings.label')}</Table.Th>
                <Table.Th scope="col">{t('admin:peopleSettings.type')}</Table.Th>
                <Table.Th scope="col">{t('admin:peopleSettings.options')}</Table.Th>
                <Table.Th scope="col">{t('admin:peopleSettings.required')}</Table.Th>
                <Table.Th scope="col">{t('admin:peopleSettings.private')}</Table.Th>
                <Table.Th scope="col">{t('admin:peopleSettings.selfEditableShort')}</Table.Th>
                <Table.Th scope="col">{t('admin:common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.isSuccess && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>{t('admin:peopleSettings.noFields')}</Table.Td>
                </Table.Tr>
              )}
              {rows.map((r) => (
                <Table.Tr key={r.uuid}>
                  <Table.Td>{r.label}</Table.Td>
                  <Table.Td>{t(`admin:peopleSettings.types.${r.type}`)}</Table.Td>
                  <Table.Td>{r.type === 'select' ? f.list(r.options) : ''}</Table.Td>
                  <Table.Td>{f.boolean(r.required)}</Table.Td>
                  <Table.Td>{f.boolean(r.private)}</Table.Td>
                  <Table.Td>{f.boolean(r.selfEditable)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('admin:peopleSettings.editLabel', { name: r.label })}
                        onClick={() => open(() => setEditing(r))}
                      >
                        {t('admin:peopleSettings.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        color="red.9"
                        aria-label={t('admin:peopleSettings.deleteLabel', { name: r.label })}
                        onClick={() => open(() => setDeleting(r))}
                      >
                        {t('admin:peopleSettings.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </SectionCard>
      {settings.data && <SelfEditableSettings key={settings.data.version} settings={settings.data} />}
      {editing && <FieldFormDialog field={editing === 'new' ? undefined : editing} onClose={closeEdit} />}
      {deleting && (
        <AppDialog opened onClose={closeDelete} title={t('admin:peopleSettings.deleteTitle')}>
          <Stack>
            {deleteError && (
              <Alert color="red" role="alert">
                {deleteError}
              </Alert>
            )}
            <Text>{t('admin:peopleSettings.deleteText', { name: deleting.label })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={closeDelete}>
                {t('admin:common.cancel')}
              </Button>
              <Button color="red.9" onClick={() => void onDelete(deleting)} loading={del.isPending}>
                {t('admin:peopleSettings.delete')}
              </Button>
            </Group>
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}

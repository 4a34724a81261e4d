import type { CompanyPage } from '@wac/shared/schemas/company-pages';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { useFocusRefusedField } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateCompanyPage } from '../api/create-company-page';
import { useSearchMembers } from '../api/search-members';
import { useUpdateCompanyPage } from '../api/update-company-page';

interface PageUser {
  uuid: string;
  name: string;
  schedulingEnabled: boolean;
  emailEnabled: boolean;
  videoCallEnabled: boolean;
}
const TOGGLES = ['schedulingEnabled', 'emailEnabled', 'videoCallEnabled'] as const;

/** A slug proposed from a title: lower-case words joined by hyphens. */
const slugOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);

/** Create or edit a company page: title, description, address, published, and the people on it in order. */
export function CompanyPageFormDialog({ companyPage, onClose }: { companyPage?: CompanyPage; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCompanyPage();
  const update = useUpdateCompanyPage(companyPage?.uuid ?? '');
  const [title, setTitle] = useState(companyPage?.title ?? '');
  const [description, setDescription] = useState(companyPage?.description ?? '');
  const [slug, setSlug] = useState(companyPage?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(!!companyPage);
  const [published, setPublished] = useState(companyPage?.published ?? false);
  const [users, setUsers] = useState<PageUser[]>(
    (companyPage?.dashboardUsers ?? []).map((u) => ({ ...u, name: `${u.firstName} ${u.lastName}` })),
  );
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useSearchMembers(debounced);
  const [errors, setErrors] = useState<{ title?: string; slug?: string; description?: string }>({});
  const [error, setError] = useState<string | null>(null);

  const options = (people.data?.data ?? [])
    .filter((p) => !p.ended && !users.some((u) => u.uuid === p.uuid))
    .map((p) => ({ value: p.uuid, label: `${p.firstName} ${p.lastName}` }));

  const add = (uuid: string | null) => {
    const option = options.find((o) => o.value === uuid);
    if (!option) return;
    setUsers((list) => [
      ...list,
      { uuid: option.value, name: option.label, schedulingEnabled: true, emailEnabled: true, videoCallEnabled: true },
    ]);
    setSearch('');
  };
  const move = (i: number, by: -1 | 1) =>
    setUsers((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      next.splice(i + by, 0, item!);
      return next;
    });

  // A refused field takes the focus (it stayed on the send button).
  const { formRef, refuse } = useFocusRefusedField();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const local: typeof errors = {};
    if (!title.trim()) local.title = fieldMessage('required');
    if (!slug.trim()) local.slug = fieldMessage('required');
    setErrors(local);
    if (Object.keys(local).length) {
      refuse();
      return;
    }
    const fields = {
      title: title.trim(),
      description: description.trim() || null,
      slug: slug.trim(),
      published,
      dashboardUsers: users.map(({ name: _name, ...u }) => u),
    };
    try {
      if (companyPage) await update.mutateAsync({ version: companyPage.version, ...fields });
      else await create.mutateAsync(fields);
      notify.success(t('admin:companyPages.saved', { name: fields.title }));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const byField: typeof errors = {};
      for (const issue of err.issues) {
        const field = issue.path.split('.')[1] as keyof typeof errors;
        if (field === 'title' || field === 'slug' || field === 'description') byField[field] = issue.message;
      }
      if (err.code === 'PAGE_SLUG_TAKEN') byField.slug = err.message;
      setErrors(byField);
      if (!Object.keys(byField).length) setError(err.message);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      size="lg"
      title={companyPage ? t('admin:companyPages.edit') : t('admin:companyPages.create')}
    >
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:companyPages.pageTitle')}
            withAsterisk
            data-autofocus
            value={title}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setTitle(v);
              if (!slugTouched) setSlug(slugOf(v));
              // What was said of a value goes once it is changed ("already exists" stayed under a new address).
              setErrors(({ title: _, ...rest }) => (slugTouched ? rest : { ...rest, slug: undefined }));
            }}
            error={errors.title}
          />
          <TextInput
            label={t('admin:companyPages.slug')}
            description={t('admin:companyPages.slugHint')}
            withAsterisk
            value={slug}
            onChange={(e) => {
              setSlugTouched(true);
              setSlug(e.currentTarget.value);
              setErrors(({ slug: _, ...rest }) => rest);
            }}
            error={errors.slug}
          />
          <Textarea
            label={t('admin:companyPages.description')}
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              setErrors(({ description: _, ...rest }) => rest);
            }}
            autosize
            minRows={2}
            error={errors.description}
          />
          <Switch
            label={t('admin:companyPages.published')}
            checked={published}
            onChange={(e) => setPublished(e.currentTarget.checked)}
          />
          <Fieldset legend={t('admin:companyPages.people')}>
            <Stack gap="sm">
              {users.length === 0 && <Text c="dimmed">{t('admin:companyPages.noPeople')}</Text>}
              {users.map((u, i) => (
                <Group key={u.uuid} justify="space-between" wrap="wrap" data-testid="page-user">
                  <Text fw={500}>{u.name}</Text>
                  <Group gap="xs">
                    {TOGGLES.map((k) => (
                      <Checkbox
                        key={k}
                        label={t(`admin:companyPages.${k}`)}
                        checked={u[k]}
                        onChange={(e) => {
                          const checked = e.currentTarget.checked;
                          setUsers((list) => list.map((x) => (x.uuid === u.uuid ? { ...x, [k]: checked } : x)));
                        }}
                      />
                    ))}
                    <ActionIcon
                      variant="default"
                      disabled={i === 0}
                      aria-label={t('admin:companyPages.moveUp', { name: u.name })}
                      onClick={() => move(i, -1)}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      disabled={i === users.length - 1}
                      aria-label={t('admin:companyPages.moveDown', { name: u.name })}
                      onClick={() => move(i, 1)}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      color="red.9"
                      aria-label={t('admin:companyPages.removePerson', { name: u.name })}
                      onClick={() => setUsers((list) => list.filter((x) => x.uuid !== u.uuid))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
              <Select
                label={t('admin:companyPages.addPerson')}
                data={options}
                value={null}
                onChange={add}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                filter={({ options: o }) => o}
                comboboxProps={{ withinPortal: false }}
              />
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin:common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('admin:common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}

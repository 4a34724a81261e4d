// The files a new area adds to apps/web, and its strings in the five languages.
const bt = '`';

export const apiList = (n) => `import type { ${n.S}PageSchema } from '@wac/shared/schemas/${n.p}';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type ${n.S}Page = z.infer<typeof ${n.S}PageSchema>;
type Query = Record<string, string | number | undefined>;

/** The query keys of ${n.words}: mutations invalidate through them, never through string literals. */
export const ${n.sc}Keys = {
  all: ['${n.p}'] as const,
  list: (query: Query) => ['${n.p}', 'list', query] as const,
};

export const get${n.P} = (query: Query) => api<${n.S}Page>('/api/${n.p}', { query });

export const use${n.P} = (query: Query) =>
  useQuery({ queryKey: ${n.sc}Keys.list(query), queryFn: () => get${n.P}(query), placeholderData: keepPreviousData });
`;

export const apiCreate = (n) => `import type { ${n.S}, ${n.S}CreateSchema } from '@wac/shared/schemas/${n.p}';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { ${n.sc}Keys } from './get-${n.p}';

export const create${n.S} = (body: z.output<typeof ${n.S}CreateSchema>) =>
  api<${n.S}>('/api/${n.p}', { method: 'POST', body, silent: true });

export const useCreate${n.S} = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: create${n.S}, onSuccess: () => qc.invalidateQueries({ queryKey: ${n.sc}Keys.all }) });
};
`;

export const apiUpdate = (n) => `import type { ${n.S}, ${n.S}UpdateSchema } from '@wac/shared/schemas/${n.p}';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { ${n.sc}Keys } from './get-${n.p}';

export const update${n.S} = (uuid: string, body: z.output<typeof ${n.S}UpdateSchema>) =>
  api<${n.S}>(${bt}/api/${n.p}/\${uuid}${bt}, { method: 'PATCH', body, silent: true });

export const useUpdate${n.S} = (uuid: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof ${n.S}UpdateSchema>) => update${n.S}(uuid, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ${n.sc}Keys.all }),
  });
};
`;

export const apiDelete = (n) => `import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ${n.sc}Keys } from './get-${n.p}';

export const delete${n.S} = (uuid: string, version: number) =>
  api<void>(${bt}/api/${n.p}/\${uuid}${bt}, { method: 'DELETE', query: { version } });

export const useDelete${n.S} = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, version }: { uuid: string; version: number }) => delete${n.S}(uuid, version),
    onSettled: () => qc.invalidateQueries({ queryKey: ${n.sc}Keys.all }),
  });
};
`;

export const formDialog = (n) => `import type { ${n.S} } from '@wac/shared/schemas/${n.p}';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreate${n.S} } from '../api/create-${n.s}';
import { useUpdate${n.S} } from '../api/update-${n.s}';

/** Create or edit ${n.word.match(/^[aeiou]/) ? 'an' : 'a'} ${n.word}: its name and description. */
export function ${n.S}FormDialog({ ${n.sc}, onClose }: { ${n.sc}?: ${n.S}; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreate${n.S}();
  const update = useUpdate${n.S}(${n.sc}?.uuid ?? '');
  const [name, setName] = useState(${n.sc}?.name ?? '');
  const [description, setDescription] = useState(${n.sc}?.description ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNameError(undefined);
    if (!name.trim()) {
      setNameError(fieldMessage('required'));
      return;
    }
    const fields = { name: name.trim(), description: description.trim() || null };
    try {
      if (${n.sc}) await update.mutateAsync({ version: ${n.sc}.version, ...fields });
      else await create.mutateAsync(fields);
      notify.success(t('admin:${n.pc}.saved', { name: fields.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={${n.sc} ? t('admin:${n.pc}.edit') : t('admin:${n.pc}.create')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin:${n.pc}.name')}
            withAsterisk
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <Textarea
            label={t('admin:${n.pc}.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
          />
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
`;

export const screen = (n) => `import type { ${n.S} } from '@wac/shared/schemas/${n.p}';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/app-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { useAbility } from '../../lib/ability';
import { notify } from '../../lib/notify';
import { useTableState } from '../../lib/use-table-state';
import { useDelete${n.S} } from './api/delete-${n.s}';
import { use${n.P} } from './api/get-${n.p}';
import { ${n.S}FormDialog } from './components/${n.s}-form-dialog';

const SORTS = ['name', 'createdAt'] as const;
type Sort = (typeof SORTS)[number];

/** ${n.Words} of the company: every member reads the list, its admins create, edit and delete. */
export default function ${n.P}Screen() {
  const { t } = useTranslation();
  const canWrite = useAbility().can('write', '${n.subject}');
  const state = useTableState<Sort>({ sorts: SORTS, defaultSort: 'name' });
  const rows = use${n.P}(state.query);
  const del = useDelete${n.S}();
  const [editing, setEditing] = useState<${n.S} | 'new' | null>(null);
  const [deleting, setDeleting] = useState<${n.S} | null>(null);

  const onDelete = async (row: ${n.S}) => {
    await del.mutateAsync({ uuid: row.uuid, version: row.version });
    notify.success(t('admin:${n.pc}.deleted', { name: row.name }));
    setDeleting(null);
  };

  const columns: Column<${n.S}, Sort>[] = [
    { key: 'name', header: t('admin:${n.pc}.name'), sort: 'name', render: (r) => r.name },
    { key: 'description', header: t('admin:${n.pc}.description'), render: (r) => r.description ?? '' },
    {
      key: 'createdAt',
      header: t('admin:${n.pc}.createdAt'),
      sort: 'createdAt',
      render: (r) => new Date(r.createdAt).toLocaleDateString(),
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
            aria-label={t('admin:${n.pc}.editLabel', { name: r.name })}
            onClick={() => setEditing(r)}
          >
            {t('admin:${n.pc}.editShort')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red.9"
            aria-label={t('admin:${n.pc}.deleteLabel', { name: r.name })}
            onClick={() => setDeleting(r)}
          >
            {t('admin:${n.pc}.deleteShort')}
          </Button>
        </Group>
      ),
    });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('admin:${n.pc}.title')}
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('admin:${n.pc}.create')}
          </Button>
        )}
      </Group>
      <DataTable
        testId="${n.p}-table"
        caption={t('admin:${n.pc}.title')}
        columns={columns}
        rows={rows.data?.data}
        totalItems={rows.data?.totalItems}
        loading={rows.isFetching}
        state={state}
        rowId={(r) => r.uuid}
        searchLabel={t('admin:${n.pc}.search')}
      />
      {editing && (
        <${n.S}FormDialog ${n.sc}={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <AppDialog opened onClose={() => setDeleting(null)} title={t('admin:${n.pc}.deleteTitle')}>
          <Stack>
            <Text>{t('admin:${n.pc}.deleteText', { name: deleting.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('admin:common.cancel')}
              </Button>
              <Button color="red.9" onClick={() => void onDelete(deleting)} loading={del.isPending}>
                {t('admin:${n.pc}.deleteShort')}
              </Button>
            </Group>
          </Stack>
        </AppDialog>
      )}
    </Stack>
  );
}
`;

export const screenTest = (n) => `import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import { signInAs } from '../../test/session';
import ${n.P}Screen from './${n.p}-screen';

const row = {
  uuid: '30000000-0000-4000-8000-000000000001',
  name: 'First',
  description: 'One',
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

describe('${n.p} screen', () => {
  it('lists, creates, edits and deletes for a company admin', async () => {
    signInAs(['admin']);
    const calls: string[] = [];
    server.use(
      http.get(${bt}\${ORIGIN}/api/${n.p}${bt}, () => HttpResponse.json({ data: [row], page: 1, itemsPerPage: 10, totalItems: 1 })),
      http.post(${bt}\${ORIGIN}/api/${n.p}${bt}, async ({ request }) => {
        calls.push(${bt}POST \${JSON.stringify(await request.json())}${bt});
        return HttpResponse.json({ ...row, uuid: '30000000-0000-4000-8000-000000000002', name: 'Second' }, { status: 201 });
      }),
      http.patch(${bt}\${ORIGIN}/api/${n.p}/:uuid${bt}, async ({ request }) => {
        calls.push(${bt}PATCH \${JSON.stringify(await request.json())}${bt});
        return HttpResponse.json({ ...row, name: 'Renamed', version: 4 });
      }),
      http.delete(${bt}\${ORIGIN}/api/${n.p}/:uuid${bt}, ({ request }) => {
        calls.push(${bt}DELETE \${new URL(request.url).search}${bt});
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<${n.P}Screen />, '/${n.p}');
    expect(await screen.findByText('First')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '${n.en.create}' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Second');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit First' }));
    dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete First' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      'POST {"name":"Second","description":null}',
      'PATCH {"version":3,"name":"Renamed","description":"One"}',
      'DELETE ?version=3',
    ]);
  });

  it('shows a member the list without any write button', async () => {
    signInAs(['member']);
    server.use(
      http.get(${bt}\${ORIGIN}/api/${n.p}${bt}, () => HttpResponse.json({ data: [row], page: 1, itemsPerPage: 10, totalItems: 1 })),
    );
    renderScreen(<${n.P}Screen />, '/${n.p}');
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '${n.en.create}' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit First' })).not.toBeInTheDocument();
  });
});
`;

const article = (w) => (/^[aeiou]/.test(w) ? 'an' : 'a');

/** The area's strings per language; the area's own word stays as given until a person translates it. */
export function strings(n) {
  const W = n.Words;
  const w = n.word;
  return {
    en: {
      nav: W,
      area: {
        title: W,
        search: `Search ${n.words}`,
        name: 'Name',
        description: 'Description',
        createdAt: 'Created',
        create: `New ${w}`,
        edit: `Edit ${w}`,
        editShort: 'Edit',
        editLabel: 'Edit {{name}}',
        saved: `${n.Word} {{name}} saved.`,
        deleteShort: 'Delete',
        deleteLabel: 'Delete {{name}}',
        deleteTitle: `Delete this ${w}?`,
        deleteText: `${n.Word} {{name}} will be deleted.`,
        deleted: `${n.Word} {{name}} deleted.`,
      },
      article: article(w),
    },
    de: {
      nav: W,
      area: {
        title: W,
        search: `${W} suchen`,
        name: 'Name',
        description: 'Beschreibung',
        createdAt: 'Erstellt',
        create: `Neu: ${w}`,
        edit: `${n.Word} bearbeiten`,
        editShort: 'Bearbeiten',
        editLabel: '{{name}} bearbeiten',
        saved: `${n.Word} {{name}} gespeichert.`,
        deleteShort: 'Löschen',
        deleteLabel: '{{name}} löschen',
        deleteTitle: `${n.Word} löschen?`,
        deleteText: `${n.Word} {{name}} wird gelöscht.`,
        deleted: `${n.Word} {{name}} gelöscht.`,
      },
    },
    fr: {
      nav: W,
      area: {
        title: W,
        search: `Rechercher : ${n.words}`,
        name: 'Nom',
        description: 'Description',
        createdAt: 'Créé le',
        create: `Nouveau : ${w}`,
        edit: `Modifier : ${w}`,
        editShort: 'Modifier',
        editLabel: 'Modifier {{name}}',
        saved: `${n.Word} {{name}} enregistré.`,
        deleteShort: 'Supprimer',
        deleteLabel: 'Supprimer {{name}}',
        deleteTitle: `Supprimer : ${w} ?`,
        deleteText: `${n.Word} {{name}} sera supprimé.`,
        deleted: `${n.Word} {{name}} supprimé.`,
      },
    },
    pt: {
      nav: W,
      area: {
        title: W,
        search: `Pesquisar: ${n.words}`,
        name: 'Nome',
        description: 'Descrição',
        createdAt: 'Criado em',
        create: `Novo: ${w}`,
        edit: `Editar: ${w}`,
        editShort: 'Editar',
        editLabel: 'Editar {{name}}',
        saved: `${n.Word} {{name}} guardado.`,
        deleteShort: 'Eliminar',
        deleteLabel: 'Eliminar {{name}}',
        deleteTitle: `Eliminar: ${w}?`,
        deleteText: `${n.Word} {{name}} será eliminado.`,
        deleted: `${n.Word} {{name}} eliminado.`,
      },
    },
    ar: {
      nav: W,
      area: {
        title: W,
        search: `بحث: ${n.words}`,
        name: 'الاسم',
        description: 'الوصف',
        createdAt: 'تاريخ الإنشاء',
        create: `جديد: ${w}`,
        edit: `تعديل: ${w}`,
        editShort: 'تعديل',
        editLabel: 'تعديل {{name}}',
        saved: `تم حفظ {{name}} (${w}).`,
        deleteShort: 'حذف',
        deleteLabel: 'حذف {{name}}',
        deleteTitle: `حذف: ${w}؟`,
        deleteText: `سيتم حذف {{name}} (${w}).`,
        deleted: `تم حذف {{name}} (${w}).`,
      },
    },
  };
}

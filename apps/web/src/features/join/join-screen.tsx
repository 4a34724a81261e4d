import { type JOIN_REQUEST_STATUSES, JoinRequestCreateSchema } from '@wac/shared/schemas/join-requests';
import { LISTING_PAGE_SIZE } from '@wac/shared/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SimpleTable } from '../../components/section-card';
import { ApiError } from '../../lib/api-client';
import { applyServerError } from '../../lib/forms';
import { fieldMessage } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { reloadUser, switchCompany } from '../../lib/session/session';
import { sessionStore, useSession } from '../../lib/session/store';
import { useCreateJoinRequest } from './api/create-join-request';
import { useMyJoinRequests } from './api/get-my-join-requests';
import { useWithdrawJoinRequest } from './api/withdraw-join-request';
import { When } from '../../components/when';

type In = z.input<typeof JoinRequestCreateSchema>;
type Out = z.output<typeof JoinRequestCreateSchema>;
// Filled, dark shades under white text, as the time-off and corrections statuses: the light yellow
// 'Pending' (orange on pale yellow) read 2.7:1.
const COLORS: Record<(typeof JOIN_REQUEST_STATUSES)[number], string> = {
  pending: 'indigo.9',
  accepted: 'teal.9',
  declined: 'red.9',
  withdrawn: 'gray.7',
};

/** Any signed-in user asks to join a company by its sub-domain and follows the outcome. */
export default function JoinScreen() {
  const { t } = useTranslation();
  const { profiles } = useSession();
  const create = useCreateJoinRequest();
  const [page, setPage] = useState(1);
  const mine = useMyJoinRequests(page);
  const withdraw = useWithdrawJoinRequest();
  const onWithdraw = async (uuid: string) => {
    try {
      await withdraw.mutateAsync(uuid);
      notify.success(t('admin:join.withdrawn'));
    } catch {
      // The api client toasted the reason.
    }
  };
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(JoinRequestCreateSchema),
    defaultValues: { subDomain: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const pages = Math.max(1, Math.ceil((mine.data?.totalItems ?? 0) / LISTING_PAGE_SIZE));

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await create.mutateAsync({ ...values, message: values.message || undefined });
      notify.success(t('admin:join.sent'));
      form.reset();
    } catch (e) {
      applyServerError(e, form.setError, ['subDomain', 'message']);
      if (e instanceof ApiError) {
        // Shown here with its next step; no toast repeats it.
        e.claim();
        setError({ code: e.code, message: e.message });
      }
    }
  });

  const open = async (companyUuid: string) => {
    // The new membership is in a fresh token and profile list; then the company's sub-domain.
    await reloadUser();
    const p = sessionStore.get().profiles.find((x) => x.company.uuid === companyUuid);
    if (p) await switchCompany(p);
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('admin:join.title')}
      </Title>
      <Paper className="card" p="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm">{t('admin:join.hint')}</Text>
            {error && (
              <Alert color={error.code === 'ALREADY_MEMBER' ? 'blue' : 'red'} role="alert" data-testid="join-error">
                {error.code === 'ALREADY_MEMBER' ? t('admin:join.alreadyMember') : error.message}
                {error.code === 'COMPANY_NOT_FOUND' && (
                  <Text size="sm" mt={4}>
                    {t('admin:join.noSpaceNext')}
                  </Text>
                )}
              </Alert>
            )}
            <TextInput
              label={t('admin:companies.subDomain')}
              withAsterisk
              error={fieldMessage(errors.subDomain?.message)}
              {...form.register('subDomain')}
            />
            <Textarea
              label={t('admin:joinRequests.message')}
              error={fieldMessage(errors.message?.message)}
              {...form.register('message')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting}>
                {t('admin:join.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Paper className="card" p="lg">
        <SimpleTable
          testId="my-join-requests"
          caption={t('admin:join.mine')}
          columns={[
            t('admin:companies.name'),
            t('admin:members.status'),
            t('admin:joinRequests.requestedAt'),
            t('admin:common.actions'),
          ]}
          isEmpty={mine.data?.data.length === 0}
          empty={t('admin:join.none')}
          pages={pages}
          page={page}
          onPage={setPage}
        >
          {mine.data?.data.map((r) => (
            <Table.Tr key={r.uuid}>
              <Table.Td>
                {r.company.name} ({r.company.subDomain})
              </Table.Td>
              <Table.Td>
                <Badge color={COLORS[r.status]} variant="filled">
                  {t(`admin:join.status.${r.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <When value={r.createdAt} />
              </Table.Td>
              <Table.Td>
                {r.status === 'pending' && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => void onWithdraw(r.uuid)}
                    loading={withdraw.isPending && withdraw.variables === r.uuid}
                    aria-label={t('admin:join.withdrawLabel', { name: r.company.name })}
                  >
                    {t('admin:join.withdraw')}
                  </Button>
                )}
                {r.status === 'accepted' && (
                  <Button size="xs" variant="light" onClick={() => void open(r.company.uuid)}>
                    {profiles.some((p) => p.company.uuid === r.company.uuid)
                      ? t('admin:join.open', { name: r.company.name })
                      : t('admin:join.openNew', { name: r.company.name })}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </SimpleTable>
      </Paper>
    </Stack>
  );
}

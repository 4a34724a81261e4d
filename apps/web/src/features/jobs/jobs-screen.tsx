import { JOB_STATES, type JobState } from '@wac/shared/schemas/jobs';
import { Badge, Button, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { When } from '../../components/when';
import { useAbility } from '../../lib/ability';
import { useFormat } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useTableState } from '../../lib/use-table-state';
import { type Job, useJobs } from './api/get-jobs';
import { useRetryJob } from './api/retry-job';

const STATE_COLORS: Record<JobState, string> = {
  queued: 'blue.9',
  running: 'teal.9',
  failed: '#a84006',
  done: 'gray.8',
  dead: 'red.9',
};

/** The background jobs of the platform (super admin): what waits, runs, failed or died, and why; a dead one can be retried. */
export default function JobsScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const canRetry = useAbility().can('write', 'jobs');
  const state = useTableState<'createdAt', 'state'>({
    sorts: ['createdAt'],
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filters: ['state'],
  });
  const jobs = useJobs(state.query);
  const retry = useRetryJob();

  const onRetry = async (job: Job) => {
    try {
      await retry.mutateAsync(job.uuid);
      notify.success(t('admin:jobs.retried'));
    } catch {
      // The api client toasted the reason.
    }
  };

  const columns: Column<Job, 'createdAt'>[] = [
    {
      key: 'type',
      header: t('admin:jobs.type'),
      // A job type is a code (`invitation.mail`); its label is in the catalog, the code its fallback.
      render: (j) => t(`admin:jobs.types.${j.type}`, { defaultValue: j.type }),
    },
    { key: 'company', header: t('admin:jobs.company'), render: (j) => j.company?.name ?? t('admin:jobs.platform') },
    {
      key: 'state',
      header: t('admin:jobs.state'),
      render: (j) => (
        <Badge variant="filled" color={STATE_COLORS[j.state]}>
          {t(`admin:jobs.states.${j.state}`)}
        </Badge>
      ),
    },
    {
      key: 'attempts',
      header: t('admin:jobs.attempts'),
      render: (j) => t('admin:jobs.attemptsOf', { n: f.number(j.attempts), max: f.number(j.maxAttempts) }),
    },
    { key: 'runAt', header: t('admin:jobs.runAt'), render: (j) => <When value={j.runAt} /> },
    {
      key: 'lastError',
      header: t('admin:jobs.lastError'),
      render: (j) =>
        j.lastError ? (
          <Tooltip label={j.lastError} multiline w={360} withinPortal={false}>
            <Text size="sm" lineClamp={2} dir="ltr" tabIndex={0}>
              {j.lastError}
            </Text>
          </Tooltip>
        ) : (
          t('admin:jobs.none')
        ),
    },
    {
      key: 'actions',
      header: t('admin:common.actions'),
      render: (j) =>
        canRetry && (j.state === 'dead' || j.state === 'failed') ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={retry.isPending && retry.variables === j.uuid}
            onClick={() => void onRetry(j)}
            aria-label={t('admin:jobs.retryLabel', { type: t(`admin:jobs.types.${j.type}`, { defaultValue: j.type }) })}
          >
            {t('admin:jobs.retry')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeading>{t('admin:jobs.title')}</PageHeading>
      <Text size="sm" c="dimmed">
        {t('admin:jobs.hint')}
      </Text>
      <DataTable
        testId="jobs-table"
        caption={t('admin:jobs.title')}
        columns={columns}
        rows={jobs.data?.data}
        totalItems={jobs.data?.totalItems}
        loading={jobs.isFetching && !jobs.data}
        state={state}
        rowId={(j) => j.uuid}
        searchable={false}
        filters={
          <Select
            label={t('admin:jobs.state')}
            placeholder={t('admin:jobs.anyState')}
            data={JOB_STATES.map((s) => ({ value: s, label: t(`admin:jobs.states.${s}`) }))}
            value={state.filters.state ?? null}
            onChange={(v) => state.setFilter('state', v)}
            clearable
            w={170}
          />
        }
      />
    </Stack>
  );
}

import { Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { When } from '../../components/when';
import { usePageMessages } from './api/get-page-messages';

/** Messages visitors sent me from the company pages, newest first; a new one appears without a reload. */
export default function ReceivedMessagesScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const messages = usePageMessages(page);
  const data = messages.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((messages.data?.totalItems ?? 0) / 10));
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('admin:pageMessages.title')}
      </Title>
      {data.length === 0 && !messages.isFetching && <Text c="dimmed">{t('admin:pageMessages.empty')}</Text>}
      <Stack
        gap="sm"
        component="ul"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        data-testid="received-messages"
      >
        {data.map((m) => (
          <Paper component="li" key={m.uuid} className="card" p="md" data-testid="received-message">
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>{t('admin:pageMessages.from', { name: m.senderName, email: m.senderEmail })}</Text>
              <Text size="sm" c="dimmed">
                {t('admin:pageMessages.via', { page: m.pageTitle })} · <When value={m.createdAt} />
              </Text>
            </Group>
            <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {m.body}
            </Text>
          </Paper>
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination total={pages} value={page} onChange={setPage} aria-label={t('admin:table.pagination')} />
      )}
    </Stack>
  );
}

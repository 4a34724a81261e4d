import type { ReceivedMessagePageSchema } from '@wac/shared/schemas/company-pages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type ReceivedMessagePage = z.infer<typeof ReceivedMessagePageSchema>;

/** The query keys of my received messages (the socket's `page_message` refreshes them). */
export const pageMessageKeys = {
  all: ['page-messages'] as const,
  page: (page: number) => ['page-messages', page] as const,
};

export const getPageMessages = (page: number) =>
  api<ReceivedMessagePage>('/api/page-messages', { query: { page, itemsPerPage: 10 } });

export const usePageMessages = (page: number) =>
  useQuery({
    queryKey: pageMessageKeys.page(page),
    queryFn: () => getPageMessages(page),
    placeholderData: keepPreviousData,
  });

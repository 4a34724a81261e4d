import type { TimeOffPreviewInput, TimeOffPreviewResultSchema } from '@wac/shared/schemas/time-off';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { timeOffKeys } from './get-balances';

export type TimeOffPreview = z.infer<typeof TimeOffPreviewResultSchema>;

/** What a request would take, counted by the server from the schedule and the holidays. */
export const previewRequest = (body: TimeOffPreviewInput) =>
  api<TimeOffPreview>('/api/time-off/requests/preview', { method: 'POST', body, silent: true });

/** Asked again whenever the form's dates or type change (null: the form is not complete yet). */
export const usePreview = (body: TimeOffPreviewInput | null) =>
  useQuery({
    queryKey: [...timeOffKeys.all, 'preview', body] as const,
    queryFn: () => previewRequest(body!),
    enabled: body !== null,
    retry: false,
  });

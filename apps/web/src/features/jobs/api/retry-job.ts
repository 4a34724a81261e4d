import type { JobSchema } from '@wac/shared/schemas/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { jobsKey } from './get-jobs';

export const retryJob = (uuid: string) => api<z.infer<typeof JobSchema>>(`/api/jobs/${uuid}/retry`, { method: 'POST' });

export const useRetryJob = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: retryJob, onSettled: () => void qc.invalidateQueries({ queryKey: jobsKey }) });
};

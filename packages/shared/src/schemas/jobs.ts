import { z } from 'zod';
import { LISTING_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { pageOf, UuidSchema } from './common';

/** The states a job passes through; `failed` waits for its next attempt, `dead` needs a person. */
export const JOB_STATES = ['queued', 'running', 'failed', 'done', 'dead'] as const;
export const JobStateSchema = z.enum(JOB_STATES, { message: 'invalid' });
export type JobState = z.infer<typeof JobStateSchema>;

export const JobListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LISTING_PAGE_SIZE),
  state: JobStateSchema.optional(),
  type: z.string().trim().max(80, 'tooLong').optional(),
});
export type JobListQuery = z.infer<typeof JobListQuerySchema>;

export const JobParamsSchema = z.object({ uuid: UuidSchema });

export const JobSchema = z.object({
  uuid: UuidSchema,
  type: z.string(),
  company: z.object({ uuid: UuidSchema, name: z.string() }).nullable(),
  /** What the job works on (never its secret). */
  payload: z.record(z.string(), z.unknown()),
  state: JobStateSchema,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;
export const JobPageSchema = pageOf(JobSchema);

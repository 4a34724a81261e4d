import { z } from 'zod';

export const HealthSchema = z.object({ ok: z.literal(true) });

/** Each dependency of readiness: up, down, or not part of this install. */
export const ReadinessCheckSchema = z.enum(['ok', 'down', 'disabled', 'not configured']);
export const ReadinessChecksSchema = z.object({
  database: ReadinessCheckSchema,
  redis: ReadinessCheckSchema,
  jobs: ReadinessCheckSchema,
});
export const ReadySchema = z.object({ status: z.literal('ready'), checks: ReadinessChecksSchema });
export const NotReadySchema = z.object({
  code: z.literal('NOT_READY'),
  message: z.string(),
  checks: ReadinessChecksSchema,
});
export type ReadinessChecks = z.infer<typeof ReadinessChecksSchema>;

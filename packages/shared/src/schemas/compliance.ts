import { z } from 'zod';
import { IsoDateSchema } from './attendance';

/**
 * The company-wide evidence export (compliance): calendar days in the company's time zone, both
 * included; either may be left open. `to` before `from` is refused.
 */
export const CompanyEvidenceQuerySchema = z
  .object({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateOrder' });
  });
export type CompanyEvidenceQuery = z.infer<typeof CompanyEvidenceQuerySchema>;

/** The files of the archive, in the order they are written; `manifest.json` comes last. */
export const COMPANY_EVIDENCE_FILES = [
  'policies.csv',
  'policy-versions.csv',
  'acknowledgements.csv',
  'certification-types.csv',
  'certification-records.csv',
  'audit-trail.csv',
  'manifest.json',
] as const;

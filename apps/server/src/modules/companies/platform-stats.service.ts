import type { PlatformStats } from '@wac/shared/schemas/companies';
import type { Ctx } from '../../lib/context';
import * as repo from './platform-stats.repository';

export const SIGNUP_WEEKS = 12;
export const TRIAL_DAYS = 7;
export const TRIAL_LIMIT = 50;

/** The platform at a glance, for the super admin: companies, active members, sign-ups by week, trials ending soon. */
export const platformStats = (ctx: Ctx): Promise<PlatformStats> =>
  ctx.system((tx) => repo.platformStats(tx, SIGNUP_WEEKS, TRIAL_DAYS, TRIAL_LIMIT));

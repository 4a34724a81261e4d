import type { TenantCtx } from '../../lib/context';
import * as repo from './dashboard.repository';

/** The figures of the dashboard's first row, for the Host's company. */
export const summary = (ctx: TenantCtx) => ctx.run((tx) => repo.summary(tx, ctx.companyId));

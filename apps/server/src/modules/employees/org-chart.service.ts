import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { todayIn } from '../departments/departments.service';
import * as repo from './org-chart.repository';

/** The org chart: the manager tree of the current people, one level at a time. */

const toNode = (r: repo.OrgRow) => ({
  uuid: r.user_id,
  firstName: r.first_name,
  lastName: r.last_name,
  avatar: r.avatar,
  jobTitle: r.job_title,
  department: r.department_id ? { uuid: r.department_id, name: r.department_name!, color: r.department_color! } : null,
  reportCount: r.report_count,
});

export async function level(ctx: TenantCtx, q: { managerUuid?: string; limit: number; offset: number }) {
  const data = await ctx.run(async (tx) =>
    repo.level(tx, ctx.companyId, await todayIn(tx, ctx.companyId), q.managerUuid ?? null, q.limit, q.offset),
  );
  return { data: data.slice(0, q.limit).map(toNode), hasMore: data.length > q.limit };
}

/** From the top of the chart down to the person: what the chart opens to focus on them. */
export async function path(ctx: TenantCtx, userId: string) {
  const data = await ctx.run(async (tx) => repo.path(tx, ctx.companyId, await todayIn(tx, ctx.companyId), userId));
  if (!data.length) throw new AppError('NOT_FOUND');
  return { data: data.map(toNode) };
}

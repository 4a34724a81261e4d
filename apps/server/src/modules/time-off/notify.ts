import { userChannel } from '@wac/shared/realtime';
import type { Tx } from '../../db/client';
import type { TenantCtx } from '../../lib/context';
import { companyAdmins } from '../members/members.service';
import * as managers from './managers.repository';

/** Who is told about a request: the person, their manager (while current) and the company's admins. */
export async function audienceInTx(tx: Tx, companyId: string, userId: string) {
  const manager = await managers.currentManagerOf(tx, companyId, userId);
  const admins = await companyAdmins(tx, companyId);
  return { approvers: [...new Set([...(manager ? [manager] : []), ...admins])].filter((u) => u !== userId) };
}

export async function tell(ctx: TenantCtx, ids: string[], request: string, status: string) {
  for (const id of new Set(ids)) {
    await ctx.publish(userChannel(id), { type: 'time_off_changed', resource: 'requests', request, status });
  }
}

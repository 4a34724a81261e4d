import type { Tx } from '../../db/client';
import * as repo from './audiences.repository';

/**
 * A deleted team or department leaves the audiences of policies and certification types in the same
 * transaction: an id left behind named nobody, still counted as "1 department" on the policy, and
 * made every later save of that policy fail with "not found" (its form could not show the id to
 * remove it).
 */
export const forgetGroup = (tx: Tx, companyId: string, group: { teamId: string } | { departmentId: string }) =>
  repo.dropGroup(tx, companyId, group);

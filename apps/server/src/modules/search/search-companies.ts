import { SEARCH_GROUP_LIMIT } from '@wac/shared/schemas/search';
import { AppError } from '../../lib/errors';
import * as companies from '../companies/companies.service';
import type { AppAbility } from '@wac/shared/permissions';
import type { TenantCtx } from '../../lib/context';

const gone = (e: unknown) => {
  if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
  throw e;
};
const item = (c: { uuid: string; name: string; subDomain: string }) => ({
  target: c.uuid,
  title: c.name,
  subtitle: c.subDomain,
  path: `/companies/${c.uuid}`,
});

/**
 * The super admin finds any company by its name or sub-domain (the platform's own listing): a
 * SearchSource of search.service.ts (typed there, where SOURCES lists it).
 */
export const companySource = {
  kind: 'company' as const,
  visible: (a: AppAbility) => a.can('read', 'companies'),
  searchInTx: async () => [],
  inTxFor: () => false,
  search: async (ctx: TenantCtx, q: string) =>
    (
      await companies.list(ctx, { search: q, page: 1, itemsPerPage: SEARCH_GROUP_LIMIT, sort: 'name', order: 'asc' })
    ).data.map(item),
  async one(ctx: TenantCtx, id: string) {
    const c = await companies.get(ctx, id).catch(gone);
    return c ? item(c) : null;
  },
};

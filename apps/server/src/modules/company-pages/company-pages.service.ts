import { companyChannel } from '@wac/shared/realtime';
import {
  type CompanyPageCreate,
  CompanyPageCreateSchema,
  type CompanyPageListQuery,
  type CompanyPageUpdate,
} from '@wac/shared/schemas/company-pages';
import type { Tx } from '../../db/client';
import { actingUser, type TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import * as repo from './company-pages.repository';

/**
 * Company pages: a company's public contact pages (title, description, slug, published) and the
 * members shown on each, in order, with the buttons their toggles allow. Admins (`dashboard`) write.
 */

type DashboardUserIn = {
  uuid: string;
  schedulingEnabled?: boolean;
  emailEnabled?: boolean;
  videoCallEnabled?: boolean;
};
const withDefaults = (list: DashboardUserIn[]) =>
  list.map((u) => ({
    uuid: u.uuid,
    schedulingEnabled: u.schedulingEnabled ?? true,
    emailEnabled: u.emailEnabled ?? true,
    videoCallEnabled: u.videoCallEnabled ?? true,
  }));

const toUser = (u: repo.PageUserRow) => ({
  uuid: u.user_id,
  firstName: u.first_name,
  lastName: u.last_name,
  schedulingEnabled: u.scheduling_enabled,
  emailEnabled: u.email_enabled,
  videoCallEnabled: u.video_call_enabled,
});
const toCompanyPage = (r: repo.CompanyPageRow, users: repo.PageUserRow[]) => ({
  uuid: r.id,
  title: r.title,
  description: r.description,
  slug: r.slug,
  published: r.published,
  dashboardUsers: users.filter((u) => u.page_id === r.id).map(toUser),
  createdAt: iso(r.created_at)!,
  version: r.version,
});
const snapshot = (r: repo.CompanyPageRow, users: repo.PageUserRow[]) => ({
  title: r.title,
  description: r.description,
  slug: r.slug,
  published: r.published,
  dashboardUsers: users.map((u) => ({
    uuid: u.user_id,
    schedulingEnabled: u.scheduling_enabled,
    emailEnabled: u.email_enabled,
    videoCallEnabled: u.video_call_enabled,
  })),
});

/** Open listings of this company refetch. */
const changed = (ctx: TenantCtx) =>
  ctx.publish(companyChannel(ctx.companyId), { type: 'listing_changed', resource: 'company-pages' });

async function load(tx: Tx, companyId: string, id: string, lock = false) {
  const row = await repo.find(tx, companyId, id, lock);
  if (!row) return null;
  return { row, users: await repo.usersOf(tx, companyId, [id]) };
}

export async function list(ctx: TenantCtx, q: CompanyPageListQuery) {
  const { data, users, totalItems } = await ctx.run(async (tx) => {
    const page = await repo.list(tx, ctx.companyId, q);
    return {
      ...page,
      users: await repo.usersOf(
        tx,
        ctx.companyId,
        page.data.map((r) => r.id),
      ),
    };
  });
  return pageOf(
    q,
    data.map((r) => toCompanyPage(r, users)),
    totalItems,
  );
}

export async function get(ctx: TenantCtx, id: string) {
  const found = await ctx.run((tx) => load(tx, ctx.companyId, id));
  if (!found) throw new AppError('NOT_FOUND');
  return toCompanyPage(found.row, found.users);
}

/** The slug is free in the company and every dashboard user is a member of it. */
async function checkRules(
  tx: Tx,
  companyId: string,
  id: string | null,
  input: { slug?: string; dashboardUsers?: DashboardUserIn[] },
) {
  if (input.slug !== undefined && (await repo.slugTaken(tx, companyId, input.slug, id))) {
    throw new AppError('PAGE_SLUG_TAKEN');
  }
  const ids = input.dashboardUsers?.map((u) => u.uuid) ?? [];
  if (ids.length && (await repo.memberCount(tx, companyId, ids)) !== ids.length) {
    throw new AppError('PAGE_USER_NOT_MEMBER', [{ path: 'body.dashboardUsers', code: 'invalid' }]);
  }
}

export async function create(ctx: TenantCtx, raw: CompanyPageCreate) {
  // The seed and jobs call this without a route: the shared schema fills the defaults either way.
  const input = CompanyPageCreateSchema.parse(raw);
  const found = await ctx.run(async (tx) => {
    await checkRules(tx, ctx.companyId, null, input);
    const id = await repo.insert(tx, ctx.companyId, {
      title: input.title,
      description: input.description ?? null,
      slug: input.slug,
      published: input.published,
    });
    await repo.setUsers(tx, ctx.companyId, id, withDefaults(input.dashboardUsers));
    const created = (await load(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'companyPage.create',
      targetType: 'companyPage',
      targetId: id,
      after: snapshot(created.row, created.users),
    });
    return created;
  });
  await changed(ctx);
  return toCompanyPage(found.row, found.users);
}

export async function update(ctx: TenantCtx, { id, version, ...patch }: CompanyPageUpdate & { id: string }) {
  const found = await ctx.run(async (tx) => {
    const current = await load(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.row.version !== version) throw new AppError('VERSION_CONFLICT');
    await checkRules(tx, ctx.companyId, id, patch);
    const ok = await repo.update(tx, ctx.companyId, id, version, {
      title: patch.title,
      description: patch.description,
      slug: patch.slug,
      published: patch.published,
    });
    if (!ok) throw new AppError('VERSION_CONFLICT');
    if (patch.dashboardUsers) await repo.setUsers(tx, ctx.companyId, id, withDefaults(patch.dashboardUsers));
    const updated = (await load(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'companyPage.update',
      targetType: 'companyPage',
      targetId: id,
      before: snapshot(current.row, current.users),
      after: snapshot(updated.row, updated.users),
    });
    return updated;
  });
  await changed(ctx);
  return toCompanyPage(found.row, found.users);
}

export async function remove(ctx: TenantCtx, { id, version }: { id: string; version: number | null }) {
  await ctx.run(async (tx) => {
    const current = await load(tx, ctx.companyId, id, true);
    if (!current) throw new AppError('NOT_FOUND');
    if (version !== null && current.row.version !== version) throw new AppError('VERSION_CONFLICT');
    await repo.remove(tx, ctx.companyId, id);
    await ctx.audit(tx, {
      action: 'companyPage.delete',
      targetType: 'companyPage',
      targetId: id,
      before: snapshot(current.row, current.users),
    });
  });
  await changed(ctx);
}

/** Pages whose title matches, for the navbar search, inside its transaction (the caller checked the permission). */
export const searchPagesInTx = (tx: Tx, companyId: string, q: string, limit: number) =>
  repo.search(tx, companyId, q, limit);
/** Titles of some pages of the company, for bookmarks. */
export const pageTitles = (ctx: TenantCtx, ids: string[]) => ctx.run((tx) => repo.titles(tx, ctx.companyId, ids));

/** The messages visitors sent the signed-in member through the company's pages, newest first. */
export async function receivedMessages(ctx: TenantCtx, q: { page: number; itemsPerPage: number }) {
  const userId = actingUser(ctx);
  const { data, totalItems } = await ctx.run((tx) => repo.messages(tx, ctx.companyId, userId, q.page, q.itemsPerPage));
  return pageOf(q, data.map(toReceived), totalItems);
}
export const toReceived = (r: repo.MessageRow) => ({
  uuid: r.id,
  pageTitle: r.page_title,
  senderName: r.sender_name,
  senderEmail: r.sender_email,
  body: r.body,
  createdAt: iso(r.created_at)!,
});

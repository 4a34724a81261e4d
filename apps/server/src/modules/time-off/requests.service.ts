import type { TimeOffPreviewInput, TimeOffRequestCreate, TimeOffRequestListQuery } from '@wac/shared/schemas/time-off';
import type { Tx } from '../../db/client';
import { actingUser, type TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import { todayIn } from '../departments/departments.service';
import { subjectInTx, toBalance, type Viewer } from './balances.service';
import * as ledger from './ledger.repository';
import * as managers from './managers.repository';
import { count, round } from './counting';
import { audienceInTx, tell } from './notify';
import { recountOne } from './recount.service';
import * as repo from './requests.repository';
import { queueTimeOffMail } from './time-off-mail';
import { typeInTx } from './time-off-types.service';

/**
 * Requests for time off: counted in working days (or hours) from the person's schedule and the
 * company's holidays, refused when they overlap another or exceed the balance, decided by the
 * person's manager or any admin, cancelled by the person before the start or by an admin any time.
 */

export const toRequest = (r: repo.RequestRow, me: string | null, viewer: Viewer, today: string) => ({
  uuid: r.id,
  person: { uuid: r.user_id, firstName: r.first_name, lastName: r.last_name },
  type: { uuid: r.type_id, name: r.type_name, color: r.type_color, unit: r.type_unit },
  startDate: r.start_date,
  endDate: r.end_date,
  startHalf: r.start_half,
  endHalf: r.end_half,
  amount: round(r.amount),
  note: r.note,
  status: r.status,
  decidedBy: r.decided_by
    ? { uuid: r.decided_by, firstName: r.decided_first_name ?? '', lastName: r.decided_last_name ?? '' }
    : null,
  decidedAt: iso(r.decided_at),
  comment: r.comment,
  createdAt: iso(r.created_at)!,
  canDecide: r.status === 'pending' && r.user_id !== me && (viewer.asAdmin || r.manager_user_id === me),
  // An admin cancels anyone else's at any time, their own like any requester: before the start.
  canCancel:
    (r.status === 'pending' || r.status === 'approved') && (r.user_id === me ? r.start_date > today : viewer.asAdmin),
});

async function typeOrNotFound(tx: Tx, companyId: string, typeId: string) {
  const t = await typeInTx(tx, companyId, typeId);
  if (!t) throw new AppError('NOT_FOUND', [{ path: 'body.typeUuid', code: 'invalid' }]);
  return t;
}

/** What a request would take, before it is made: the form shows it. */
export async function preview(ctx: TenantCtx, q: TimeOffPreviewInput) {
  const me = actingUser(ctx);
  const type = await ctx.run((tx) => typeOrNotFound(tx, ctx.companyId, q.typeUuid));
  const { days, amount } = await count(ctx, me, type.unit, q);
  const [b] = await ctx.run((tx) => ledger.balances(tx, ctx.companyId, me, q.typeUuid));
  return { unit: type.unit, amount, days, available: toBalance(b!).available };
}

export async function create(ctx: TenantCtx, body: TimeOffRequestCreate) {
  const me = actingUser(ctx);
  const type = await ctx.run((tx) => typeOrNotFound(tx, ctx.companyId, body.typeUuid));
  // Counted before the lock: the calendar is the attendance service's, read in its own transaction.
  const { amount } = await count(ctx, me, type.unit, body);
  if (amount <= 0) throw new AppError('TIME_OFF_NO_WORKING_DAYS');
  const done = await ctx.run(async (tx) => {
    // The person's ledger is locked: a second request of theirs waits here and then sees this one.
    if (!(await ledger.lockPerson(tx, ctx.companyId, me))) throw new AppError('NOT_FOUND');
    const t = await typeOrNotFound(tx, ctx.companyId, body.typeUuid);
    if (await repo.overlaps(tx, ctx.companyId, { userId: me, ...body })) throw new AppError('TIME_OFF_OVERLAP');
    const [b] = await ledger.balances(tx, ctx.companyId, me, t.id);
    if (!t.allow_negative && b!.balance - b!.pending < amount) throw new AppError('TIME_OFF_INSUFFICIENT_BALANCE');
    const status = t.needs_approval ? ('pending' as const) : ('approved' as const);
    const id = await repo.insert(tx, ctx.companyId, {
      userId: me,
      typeId: t.id,
      startDate: body.startDate,
      endDate: body.endDate,
      startHalf: body.startHalf,
      endHalf: body.endHalf,
      amount,
      note: body.note || null,
      status,
      decidedBy: null,
    });
    if (status === 'approved') {
      await ledger.insertEntries(tx, ctx.companyId, [
        { userId: me, typeId: t.id, kind: 'taken', amount: -amount, effectiveDate: body.startDate, requestId: id },
      ]);
    }
    const row = (await repo.find(tx, ctx.companyId, id))!;
    await ctx.audit(tx, {
      action: 'time_off_request.create',
      targetType: 'time_off_request',
      targetId: id,
      after: { type: t.name, startDate: body.startDate, endDate: body.endDate, amount, status },
    });
    const { approvers } = await audienceInTx(tx, ctx.companyId, me);
    if (status === 'pending') await queueTimeOffMail(ctx, tx, { requestId: id, event: 'requested', to: approvers });
    return { row, approvers, today: await todayIn(tx, ctx.companyId) };
  });
  await tell(ctx, [me, ...done.approvers], done.row.id, done.row.status);
  return toRequest(done.row, me, { asAdmin: false }, done.today);
}

/** Whether `me` may approve the request now (the checks `decide` makes again under the lock). */
async function mayApprove(tx: Tx, companyId: string, id: string, me: string, asAdmin: boolean) {
  const r = await repo.find(tx, companyId, id);
  if (r?.status !== 'pending' || r.user_id === me) return false;
  return mayDecide(tx, companyId, r, me, asAdmin);
}

/** Any admin, or the requester's manager while that manager is current (one whose employment ended, no more). */
async function mayDecide(tx: Tx, companyId: string, r: repo.RequestRow, me: string, asAdmin: boolean) {
  return asAdmin || (r.manager_user_id === me && (await managers.currentManagerOf(tx, companyId, r.user_id)) === me);
}

/** Approves or declines a pending request: its manager or any admin, never its own requester. */
export async function decide(
  ctx: TenantCtx,
  { id, approve, comment, asAdmin }: { id: string; approve: boolean; comment?: string } & Viewer,
) {
  const me = actingUser(ctx);
  // Counted again first, by whoever may approve it: a holiday added since the request changes what
  // approving it takes (the holidays' own recount job may not have run yet).
  if (approve && (await ctx.run((tx) => mayApprove(tx, ctx.companyId, id, me, asAdmin)))) await recountOne(ctx, id);
  const done = await ctx.run(async (tx) => {
    // The requester's ledger is locked first (as every ledger write does), then the request is read.
    if (!(await repo.lockRequester(tx, ctx.companyId, id))) throw new AppError('NOT_FOUND');
    const r = (await repo.find(tx, ctx.companyId, id, true))!;
    const allowed = await mayDecide(tx, ctx.companyId, r, me, asAdmin);
    if (!allowed && r.user_id !== me) throw new AppError('NOT_FOUND');
    if (r.user_id === me) throw new AppError('TIME_OFF_OWN_REQUEST');
    if (!allowed) throw new AppError('FORBIDDEN');
    if (r.status !== 'pending') throw new AppError('TIME_OFF_NOT_PENDING');
    if (approve) {
      // Checked again when taken: the balance moved since the request (another approval, an
      // adjustment, the type now forbidding a negative balance), and a type that may not go below
      // zero does not, whoever approves.
      const t = await typeOrNotFound(tx, ctx.companyId, r.type_id);
      const [b] = await ledger.balances(tx, ctx.companyId, r.user_id, r.type_id);
      if (!t.allow_negative && b!.balance < r.amount) throw new AppError('TIME_OFF_APPROVAL_OVERDRAWS');
    }
    const status = approve ? ('approved' as const) : ('declined' as const);
    const row = await repo.setStatus(tx, ctx.companyId, id, { status, by: me, comment: comment || null });
    if (approve) {
      await ledger.insertEntries(tx, ctx.companyId, [
        {
          userId: r.user_id,
          typeId: r.type_id,
          kind: 'taken',
          amount: -r.amount,
          effectiveDate: r.start_date,
          requestId: id,
          createdBy: me,
        },
      ]);
    }
    await ctx.audit(tx, {
      action: approve ? 'time_off_request.approve' : 'time_off_request.decline',
      targetType: 'time_off_request',
      targetId: id,
      before: { status: r.status },
      after: { status, comment: comment || null },
    });
    await queueTimeOffMail(ctx, tx, { requestId: id, event: status, to: [r.user_id] });
    const { approvers } = await audienceInTx(tx, ctx.companyId, r.user_id);
    return { row, approvers, today: await todayIn(tx, ctx.companyId) };
  });
  await tell(ctx, [done.row.user_id, ...done.approvers], id, done.row.status);
  return toRequest(done.row, me, { asAdmin }, done.today);
}

/**
 * The requester before the first day, an admin at any time; what was taken returns to the ledger.
 * An admin's own request follows the requester's rule: leave already taken is not handed back to
 * oneself (an admin does not decide their own request either).
 */
export async function cancel(ctx: TenantCtx, { id, asAdmin }: { id: string } & Viewer) {
  const me = actingUser(ctx);
  const done = await ctx.run(async (tx) => {
    if (!(await repo.lockRequester(tx, ctx.companyId, id))) throw new AppError('NOT_FOUND');
    const r = (await repo.find(tx, ctx.companyId, id, true))!;
    if (!asAdmin && r.user_id !== me) throw new AppError('NOT_FOUND');
    if (r.status !== 'pending' && r.status !== 'approved') throw new AppError('TIME_OFF_NOT_PENDING');
    const today = await todayIn(tx, ctx.companyId);
    if ((!asAdmin || r.user_id === me) && r.start_date <= today) throw new AppError('TIME_OFF_ALREADY_STARTED');
    const row = await repo.setStatus(tx, ctx.companyId, id, { status: 'cancelled', by: me, comment: null });
    if (r.status === 'approved') {
      await ledger.insertEntries(tx, ctx.companyId, [
        {
          userId: r.user_id,
          typeId: r.type_id,
          kind: 'taken',
          amount: r.amount,
          effectiveDate: r.start_date,
          reason: 'cancelled',
          requestId: id,
          createdBy: me,
        },
      ]);
    }
    await ctx.audit(tx, {
      action: 'time_off_request.cancel',
      targetType: 'time_off_request',
      targetId: id,
      before: { status: r.status },
      after: { status: 'cancelled' },
    });
    const { approvers } = await audienceInTx(tx, ctx.companyId, r.user_id);
    if (r.user_id !== me) await queueTimeOffMail(ctx, tx, { requestId: id, event: 'cancelled', to: [r.user_id] });
    return { row, approvers, today };
  });
  await tell(ctx, [done.row.user_id, ...done.approvers], id, 'cancelled');
  return toRequest(done.row, me, { asAdmin }, done.today);
}

export async function list(ctx: TenantCtx, q: TimeOffRequestListQuery & Viewer) {
  const me = actingUser(ctx);
  const { data, totalItems, today } = await ctx.run(async (tx) => {
    const userId = await subjectInTx(tx, ctx, q.userUuid, q);
    const page = await repo.ofPerson(tx, ctx.companyId, { ...q, userId });
    return { ...page, today: await todayIn(tx, ctx.companyId) };
  });
  return pageOf(
    q,
    data.map((r) => toRequest(r, me, q, today)),
    totalItems,
  );
}

export async function approvals(ctx: TenantCtx, q: { page: number; itemsPerPage: number } & Viewer) {
  const me = actingUser(ctx);
  const { data, totalItems, today } = await ctx.run(async (tx) => {
    const page = await repo.pendingFor(tx, ctx.companyId, { ...q, userId: me });
    return { ...page, today: await todayIn(tx, ctx.companyId) };
  });
  return pageOf(
    q,
    data.map((r) => toRequest(r, me, q, today)),
    totalItems,
  );
}

/** The caller's next approved leave and next request awaiting approval (the dashboard's card). */
export async function upcomingMine(ctx: TenantCtx) {
  const me = actingUser(ctx);
  const found = await ctx.run((tx) => repo.upcomingOf(tx, ctx.companyId, me));
  const of = (status: repo.UpcomingRow['status']) => {
    const r = found.find((row) => row.status === status);
    return r ? { type: { name: r.type_name }, startDate: r.start_date, endDate: r.end_date } : null;
  };
  return { approved: of('approved'), pending: of('pending') };
}

export async function approvalCount(ctx: TenantCtx, q: Viewer) {
  const me = actingUser(ctx);
  return ctx.run(async (tx) => ({
    pending: await repo.pendingCount(tx, ctx.companyId, me, q.asAdmin),
    isApprover: q.asAdmin || (await repo.hasReports(tx, ctx.companyId, me)),
  }));
}

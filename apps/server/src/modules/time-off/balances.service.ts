import type { AdjustmentCreate, LedgerQuery } from '@wac/shared/schemas/time-off';
import { userChannel } from '@wac/shared/realtime';
import { zonedDate } from '@wac/shared/zoned-time';
import type { Tx } from '../../db/client';
import { actingUser, type TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/http';
import { iso } from '../../lib/sql';
import { todayIn } from '../departments/departments.service';
import * as ledger from './ledger.repository';
import * as managers from './managers.repository';
import { typeInTx } from './time-off-types.service';

/**
 * Balances of time off. A balance is the SUM of the person's ledger rows of a type: grants,
 * accruals, takings, adjustments, carry-overs and expiries are rows, never an edited number.
 */

/** Who asks: admins of the company (peopleHR) see and adjust everyone's. */
export interface Viewer {
  asAdmin: boolean;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export const toBalance = (r: ledger.BalanceRow) => ({
  type: {
    uuid: r.id,
    name: r.name,
    color: r.color,
    unit: r.unit,
    paid: r.paid,
    allowNegative: r.allow_negative,
    needsApproval: r.needs_approval,
  },
  balance: round(r.balance),
  pending: round(r.pending),
  available: round(r.balance - r.pending),
});

/**
 * The person whose time off the caller reads: themself, or someone they manage (while current:
 * managers.repository) or administer. Anyone else is NOT_FOUND, never a hint that the person exists.
 */
export async function subjectInTx(tx: Tx, ctx: TenantCtx, userId: string | undefined, viewer: Viewer) {
  const me = actingUser(ctx);
  const who = userId ?? me;
  if (!(await ledger.isMember(tx, ctx.companyId, who))) throw new AppError('NOT_FOUND');
  if (who === me || viewer.asAdmin) return who;
  if ((await managers.currentManagerOf(tx, ctx.companyId, who)) === me) return who;
  throw new AppError('NOT_FOUND');
}

export async function balances(ctx: TenantCtx, q: { userUuid?: string } & Viewer) {
  return ctx.run(async (tx) => {
    const me = actingUser(ctx);
    const who = q.userUuid ?? me;
    // Oneself or, for an admin, anyone: the membership is checked by the balances' own statement
    // (one round trip); no rows leaves a company without types or a non-member, told apart then.
    if (who === me || q.asAdmin) {
      const data = await ledger.balances(tx, ctx.companyId, who, null, true);
      if (data.length === 0 && !(await ledger.isMember(tx, ctx.companyId, who))) throw new AppError('NOT_FOUND');
      return { userUuid: who, data: data.map(toBalance) };
    }
    const userId = await subjectInTx(tx, ctx, who, q);
    const data = await ledger.balances(tx, ctx.companyId, userId);
    return { userUuid: userId, data: data.map(toBalance) };
  });
}

export async function entries(ctx: TenantCtx, q: LedgerQuery & Viewer) {
  const { data, totalItems } = await ctx.run(async (tx) => {
    const userId = await subjectInTx(tx, ctx, q.userUuid, q);
    return ledger.page(tx, ctx.companyId, { ...q, userId, typeId: q.typeUuid });
  });
  return pageOf(
    q,
    data.map((r) => ({
      uuid: r.id,
      type: { uuid: r.type_id, name: r.type_name, color: r.type_color, unit: r.type_unit },
      kind: r.kind,
      amount: round(r.amount),
      effectiveDate: r.effective_date,
      reason: r.reason,
      requestUuid: r.request_id,
      createdBy: r.created_by
        ? { uuid: r.created_by, firstName: r.created_by_first_name ?? '', lastName: r.created_by_last_name ?? '' }
        : null,
      createdAt: iso(r.created_at)!,
    })),
    totalItems,
  );
}

/** An admin's grant or adjustment, with its reason; the person's balance moves by exactly that. */
export async function adjust(ctx: TenantCtx, body: AdjustmentCreate) {
  const by = actingUser(ctx);
  // Four eyes, as for a request (TIME_OFF_OWN_REQUEST) and an attendance correction: an admin's own
  // balance is moved by another admin, never by themselves.
  if (body.userUuid === by) throw new AppError('TIME_OFF_OWN_ADJUSTMENT');
  const result = await ctx.run(async (tx) => {
    if (!(await ledger.lockPerson(tx, ctx.companyId, body.userUuid))) {
      throw new AppError('NOT_FOUND', [{ path: 'body.userUuid', code: 'invalid' }]);
    }
    if (!(await typeInTx(tx, ctx.companyId, body.typeUuid))) {
      throw new AppError('NOT_FOUND', [{ path: 'body.typeUuid', code: 'invalid' }]);
    }
    const [before] = await ledger.balances(tx, ctx.companyId, body.userUuid, body.typeUuid);
    const effectiveDate = body.effectiveDate ?? (await todayIn(tx, ctx.companyId));
    await ledger.insertEntries(tx, ctx.companyId, [
      {
        userId: body.userUuid,
        typeId: body.typeUuid,
        kind: body.kind,
        amount: body.amount,
        effectiveDate,
        reason: body.reason,
        createdBy: by,
      },
    ]);
    const [after] = await ledger.balances(tx, ctx.companyId, body.userUuid, body.typeUuid);
    await ctx.audit(tx, {
      action: 'time_off_balance.adjust',
      targetType: 'user',
      targetId: body.userUuid,
      before: { type: before!.name, balance: round(before!.balance) },
      after: {
        type: after!.name,
        balance: round(after!.balance),
        kind: body.kind,
        amount: body.amount,
        effectiveDate,
        reason: body.reason,
      },
    });
    return after!;
  });
  await ctx.publish(userChannel(body.userUuid), { type: 'time_off_changed', resource: 'balances' });
  return toBalance(result);
}

// ---- The year boundary ----

/**
 * What the first of a month brings, in the company's calendar: on 1 January the old year closes
 * (what is left expires, up to each type's cap carries over) and the yearly allowances are granted;
 * every month the monthly types accrue a twelfth. Each row has its period key, so running this again
 * for the same month (a retried job, a restarted process, the seed) adds nothing.
 */
export async function periodStartInTx(tx: Tx, companyId: string, { year, month }: { year: number; month: number }) {
  let closed = 0;
  let granted = 0;
  if (month === 1) {
    closed = await ledger.closeYear(tx, companyId, year);
    granted = await ledger.grantYear(tx, companyId, year);
  }
  const accrued = await ledger.accrueMonth(tx, companyId, year, month);
  return { closed, granted, accrued };
}

export const periodStart = (ctx: TenantCtx, at: { year: number; month: number }) =>
  ctx.run((tx) => periodStartInTx(tx, ctx.companyId, at));

/** The year and month an instant falls in, in a time zone: the period a boundary job stands for. */
export function periodAt(instant: Date, timeZone: string) {
  const [y, m] = zonedDate(instant, timeZone).split('-').map(Number) as [number, number];
  return { year: y, month: m };
}

export const YEAR_BOUNDARY_JOB = 'time-off.period-start';

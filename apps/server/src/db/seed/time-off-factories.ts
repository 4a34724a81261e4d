import type { Tx } from '../client';
import { timeOffLedger, timeOffRequests, timeOffTypes } from '../schema/index';

/** Time-off factories shared by the demo seed, the API tests and the benchmarks. */
export async function createTimeOffType(
  tx: Tx,
  companyId: string,
  input: {
    name: string;
    color?: string;
    paid?: boolean;
    unit?: 'days' | 'hours';
    yearlyAllowance?: number;
    accrual?: 'yearly' | 'monthly';
    carryOverCap?: number | null;
    needsApproval?: boolean;
    allowNegative?: boolean;
  },
) {
  const [row] = await tx
    .insert(timeOffTypes)
    .values({
      companyId,
      name: input.name,
      color: input.color ?? '#1c7ed6',
      paid: input.paid ?? true,
      unit: input.unit ?? 'days',
      yearlyAllowance: String(input.yearlyAllowance ?? 0),
      accrual: input.accrual ?? 'yearly',
      carryOverCap:
        input.carryOverCap === undefined ? '0' : input.carryOverCap === null ? null : String(input.carryOverCap),
      needsApproval: input.needsApproval ?? true,
      allowNegative: input.allowNegative ?? false,
    })
    .returning();
  return row!;
}

export type LedgerKind = 'grant' | 'accrual' | 'taken' | 'adjustment' | 'carry_over' | 'expiry';

export async function addLedgerEntry(
  tx: Tx,
  companyId: string,
  e: {
    userId: string;
    typeId: string;
    kind: LedgerKind;
    amount: number;
    effectiveDate: string;
    reason?: string;
    requestId?: string;
    period?: string;
  },
) {
  await tx.insert(timeOffLedger).values({
    companyId,
    userId: e.userId,
    typeId: e.typeId,
    kind: e.kind,
    amount: String(e.amount),
    effectiveDate: e.effectiveDate,
    reason: e.reason ?? null,
    requestId: e.requestId ?? null,
    period: e.period ?? null,
  });
}

/** A request as it stands; an approved one also takes its amount in the ledger, as the service does. */
export async function createTimeOffRequest(
  tx: Tx,
  companyId: string,
  r: {
    userId: string;
    typeId: string;
    startDate: string;
    endDate: string;
    amount: number;
    status: 'pending' | 'approved' | 'declined' | 'cancelled';
    decidedBy?: string;
    note?: string;
    startHalf?: boolean;
    endHalf?: boolean;
  },
) {
  const [row] = await tx
    .insert(timeOffRequests)
    .values({
      companyId,
      userId: r.userId,
      typeId: r.typeId,
      startDate: r.startDate,
      endDate: r.endDate,
      startHalf: r.startHalf ?? false,
      endHalf: r.endHalf ?? false,
      amount: String(r.amount),
      note: r.note ?? null,
      status: r.status,
      decidedBy: r.decidedBy ?? null,
      decidedAt: r.status === 'pending' ? null : new Date(),
    })
    .returning();
  if (r.status === 'approved') {
    await addLedgerEntry(tx, companyId, {
      userId: r.userId,
      typeId: r.typeId,
      kind: 'taken',
      amount: -r.amount,
      effectiveDate: r.startDate,
      requestId: row!.id,
    });
  }
  return row!;
}

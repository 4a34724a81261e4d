import { describe, expect, it } from 'vitest';
import { addMonths, CertificationRecordCreateSchema } from './schemas/certifications';

describe('certification dates', () => {
  it('adds whole months to a calendar day, clamping to the month’s last day', () => {
    expect(addMonths('2026-01-15', 24)).toBe('2028-01-15');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-12-10', 1)).toBe('2027-01-10');
    expect(addMonths('2026-03-31', -24)).toBe('2024-03-31');
  });

  it('refuses an expiry before the issue date, and impossible dates', () => {
    const id = '50000000-0000-4000-8000-000000000001';
    expect(CertificationRecordCreateSchema.safeParse({ userUuid: id, issuedOn: '2026-05-10' }).success).toBe(true);
    const early = CertificationRecordCreateSchema.safeParse({
      userUuid: id,
      issuedOn: '2026-05-10',
      expiresOn: '2026-05-09',
    });
    expect(early.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['expiresOn', 'expiresBeforeIssued'],
    ]);
    expect(CertificationRecordCreateSchema.safeParse({ userUuid: id, issuedOn: '2026-02-30' }).success).toBe(false);
    // Same day is allowed (a one-day certificate).
    expect(
      CertificationRecordCreateSchema.safeParse({ userUuid: id, issuedOn: '2026-05-10', expiresOn: '2026-05-10' })
        .success,
    ).toBe(true);
  });
});

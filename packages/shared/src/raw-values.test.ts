import { describe, expect, it } from 'vitest';
import { rawValuesIn } from './raw-values';

describe('rawValuesIn', () => {
  it('finds codes, upper-cased roles and ids', () => {
    expect(rawValuesIn('Roles: super_admin, super_admin_write', 'en')).toEqual(['super_admin', 'super_admin_write']);
    expect(rawValuesIn('Plan pro-plan-monthly', 'de')).toEqual(['pro-plan-monthly']);
    expect(rawValuesIn('did invitation.create on join_request', 'fr')).toEqual(['invitation.create', 'join_request']);
    expect(rawValuesIn('Bob ADMIN', 'pt')).toEqual(['ADMIN']);
    expect(rawValuesIn('team 0b7c6a52-6f1e-4a55-9d55-0f6a3a6c9b11', 'en')).toHaveLength(1);
  });

  it('finds US dates and times outside English only', () => {
    expect(rawValuesIn('8/25/2026', 'en')).toEqual([]);
    expect(rawValuesIn('am 8/25/2026', 'de')).toEqual(['8/25/2026']);
    expect(rawValuesIn('11/23/2026, 6:27:12 AM', 'ar')).toEqual(['11/23/2026', '6:27:12 AM']);
  });

  it('leaves labels, e-mail addresses and localised dates alone', () => {
    expect(rawValuesIn('Alice Anders invited carol.new@acme.test as Member', 'en')).toEqual([]);
    expect(rawValuesIn('Administrator, 25.08.2026, 06:27', 'de')).toEqual([]);
    expect(rawValuesIn('25/08/2026 06:27, 05/08/2026', 'fr')).toEqual([]);
    expect(rawValuesIn('Pro, mensuel', 'fr')).toEqual([]);
    expect(rawValuesIn('/admin/users/invitations', 'en')).toEqual([]);
  });
});

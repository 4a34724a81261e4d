import type { TFunction } from 'i18next';
import { intlLocale } from '@wac/shared/intl-locale';
import { humanise } from '../../../lib/format';
import { scheduleWeek } from '../../../lib/schedule-week';

/**
 * The words of the audit log's "Show the changes" table: each field named as the form that edits it
 * names it, each coded value (an employment type, a unit, a correction's kind…) in the reader's
 * language, and the nested parts of a snapshot (an emergency contact, custom fields, an audience)
 * as rows of their own.
 */

/** A field's label: the key of the form's own label where there is one. */
const LABELS: Record<string, string> = {
  jobTitle: 'admin:people.jobTitle',
  employmentType: 'admin:people.employmentType',
  startDate: 'admin:people.startDate',
  endDate: 'admin:people.endDate',
  workLocation: 'admin:people.workLocation',
  workPhone: 'admin:people.workPhone',
  emergencyContact: 'admin:people.emergencyContact',
  custom: 'admin:people.customFields',
  color: 'admin:timeOffTypes.color',
  paid: 'admin:timeOffTypes.paid',
  unit: 'admin:timeOffTypes.unit',
  yearlyAllowance: 'admin:timeOffTypes.yearlyAllowance',
  accrual: 'admin:timeOffTypes.accrual',
  carryOverCap: 'admin:timeOffTypes.carryOverCap',
  needsApproval: 'admin:timeOffTypes.needsApproval',
  allowNegative: 'admin:timeOffTypes.allowNegative',
  category: 'admin:policies.category',
  dueDays: 'admin:policies.dueDays',
  audience: 'admin:policies.audience',
  audienceAll: 'admin:policies.audienceAll',
  all: 'admin:policies.audienceAll',
  audienceTeamIds: 'admin:policies.audienceTeams',
  teamUuids: 'admin:policies.audienceTeams',
  audienceDepartmentIds: 'admin:policies.audienceDepartments',
  departmentUuids: 'admin:policies.audienceDepartments',
  requiresAck: 'admin:policies.requiresAck',
  bodyKind: 'admin:policies.kind',
  breakMinutes: 'admin:attendance.breakMinutes',
  graceMinutes: 'admin:attendance.graceMinutes',
  isDefault: 'admin:attendance.isDefault',
  validityMonths: 'admin:certifications.validityMonths',
  remindDaysBefore: 'admin:certifications.remindDaysBefore',
  slug: 'admin:companyPages.slug',
  published: 'admin:companyPages.isPublished',
  dashboardUsers: 'admin:audit.fields.people',
  label: 'admin:peopleSettings.label',
  options: 'admin:peopleSettings.options',
  required: 'admin:peopleSettings.required',
  private: 'admin:peopleSettings.private',
  selfEditable: 'admin:peopleSettings.selfEditableShort',
  kind: 'admin:attendance.kindLabel',
  clockIn: 'admin:attendance.clockIn',
  clockOut: 'admin:attendance.clockOut',
  reason: 'admin:attendance.reason',
  date: 'admin:attendance.date',
  weekStart: 'admin:attendance.weekStart',
  autoCloseMarginMinutes: 'admin:attendance.autoCloseMargin',
  issuedOn: 'admin:certifications.issuedOn',
  expiresOn: 'admin:certifications.expiresOn',
  amount: 'admin:timeOff.amount',
  comment: 'admin:timeOff.comment',
  state: 'admin:jobs.state',
  from: 'admin:stats.from',
  to: 'admin:stats.to',
};

/** Id lists that say who a thing is for: shown as how many, not as ids. */
const COUNTED: Record<string, string> = {
  audienceTeamIds: 'admin:policies.teamCount',
  teamUuids: 'admin:policies.teamCount',
  audienceDepartmentIds: 'admin:policies.departmentCount',
  departmentUuids: 'admin:policies.departmentCount',
};

/** Parts of the emergency contact, and an attendance correction's recorded and asked-for times. */
const PARTS: Record<string, string> = {
  'emergencyContact.name': 'admin:people.ecName',
  'emergencyContact.relation': 'admin:people.ecRelation',
  'emergencyContact.phone': 'admin:people.ecPhone',
  before: 'admin:attendance.before',
  after: 'admin:attendance.after',
};

// Ids say nothing to a reader; the sentence names what they point at.
const isId = (key: string) => /(Id|Ids|id|Uuid|Uuids|uuid)$/.test(key) && !(key in COUNTED);
// A record's edit counter and a custom field's place in the list: bookkeeping no form shows, which
// came out as English "Version 1 → 2" and "Position" rows in every language.
const BOOKKEEPING = new Set(['version', 'position']);
const hidden = (key: string) => isId(key) || BOOKKEEPING.has(key);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const plain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A snapshot's fields, its nested objects one level down as `group.field`; ids left out. */
export function flatten(snapshot: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keep = (key: string, value: unknown) => {
    if (!(typeof value === 'string' && UUID.test(value))) out[key] = value;
  };
  for (const [k, v] of Object.entries(snapshot)) {
    if (hidden(k)) continue;
    if (plain(v)) {
      for (const [sub, value] of Object.entries(v)) if (!hidden(sub) || k === 'custom') keep(`${k}.${sub}`, value);
    } else keep(k, v);
  }
  return out;
}

/** A field's name in the reader's language; `custom` maps a custom field's id to its label. */
export function fieldLabel(t: TFunction, field: string, custom: ReadonlyMap<string, string>): string {
  const own = (key: string) =>
    LABELS[key] ? t(LABELS[key]) : t(`admin:audit.fields.${key}`, { defaultValue: humanise(key) });
  const dot = field.indexOf('.');
  if (dot < 0) return own(field);
  const group = field.slice(0, dot);
  const sub = field.slice(dot + 1);
  if (group === 'custom') return custom.get(sub) ?? t('admin:people.customFields');
  const groupLabel = PARTS[group] ? t(PARTS[group]) : own(group);
  const part = PARTS[field] ? t(PARTS[field]) : own(sub);
  return t('admin:audit.fieldPart', { group: groupLabel, field: part });
}

/** A schedule's week as the schedules screen writes it ("Mon – Fri 9:00 AM – 5:00 PM"), days off left out. */
function week(t: TFunction, language: string, days: unknown[]): string {
  const valid = days.map((d) =>
    plain(d) && typeof d.start === 'string' && typeof d.end === 'string' ? { start: d.start, end: d.end } : null,
  );
  const lines = scheduleWeek(valid, language).map((l) => `${l.days} ${l.hours}`);
  return lines.length
    ? new Intl.ListFormat(intlLocale(language), { style: 'narrow', type: 'unit' }).format(lines)
    : t('admin:audit.noWorkingDays');
}

/**
 * A coded value in words, or null when the value is not a code of this field (the caller formats it
 * as a date, a number, a list…). `action` tells apart the fields two kinds of entry share.
 */
export function codedValue(
  t: TFunction,
  language: string,
  action: string,
  field: string,
  value: unknown,
): string | null {
  const key = field.slice(field.lastIndexOf('.') + 1);
  if (Array.isArray(value) && value.length === 0) return null;
  if (key in COUNTED && Array.isArray(value)) return t(COUNTED[key]!, { count: value.length });
  if (key === 'dashboardUsers' && Array.isArray(value))
    return t('admin:attendance.peopleCount', { count: value.length });
  if (key === 'days' && Array.isArray(value) && value.length === 7) return week(t, language, value);
  if (key === 'selfEditable' && Array.isArray(value)) {
    return new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(
      value.map((v) => t(`admin:people.${String(v)}`, { defaultValue: humanise(String(v)) })),
    );
  }
  if (key === 'weekStart' && typeof value === 'number' && value >= 1 && value <= 7) {
    const long = new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', timeZone: 'UTC' });
    return long.format(Date.UTC(2024, 0, value));
  }
  if (typeof value !== 'string') return null;
  switch (key) {
    case 'employmentType':
      return t(`admin:people.types.${value}`, { defaultValue: humanise(value) });
    case 'unit':
      return t(`admin:timeOffTypes.units.${value}`, { defaultValue: humanise(value) });
    case 'accrual':
      return t(`admin:timeOffTypes.accruals.${value}`, { defaultValue: humanise(value) });
    case 'bodyKind':
      return t(`admin:policies.kind_${value}`, { defaultValue: humanise(value) });
    case 'kind':
      return action.startsWith('time_off')
        ? t(`admin:timeOff.kinds.${value}`, { defaultValue: humanise(value) })
        : t(`admin:attendance.kind.${value}`, { defaultValue: humanise(value) });
    case 'type':
      return action.startsWith('employee_field')
        ? t(`admin:peopleSettings.types.${value}`, { defaultValue: humanise(value) })
        : null;
    case 'source':
      return t(`admin:audit.sources.${value}`, { defaultValue: humanise(value) });
    default:
      return null;
  }
}

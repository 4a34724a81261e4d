import type { Formatter } from '../../../lib/format';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../../lib/ability';
import { useDays } from '../../../lib/days';
import { isolate, useFormat } from '../../../lib/format';
import { employeeKeys } from '../../employees/api/get-employees';
import { getFields } from '../../employees/api/get-fields';
import type { AuditEntry } from '../api/get-audit-log';
import { codedValue, fieldLabel, flatten } from './audit-fields';

type Snapshot = Record<string, unknown> | null;
const asObject = (v: unknown): Snapshot =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** One value of a before/after snapshot, as a reader says it (`coded`: its words when it is a code). */
export function formatValue(
  f: Formatter,
  key: string,
  value: unknown,
  empty: string,
  coded: (key: string, value: unknown) => string | null = () => null,
): string {
  if (value === null || value === undefined || value === '') return empty;
  const words = coded(key, value);
  if (words !== null) return words;
  if (typeof value === 'boolean') return f.boolean(value);
  if (typeof value === 'number') return f.number(value);
  if (key === 'roles' && Array.isArray(value)) return f.roles(value.map(String));
  if (key === 'plan' && typeof value === 'string') return f.plan(value);
  if (key === 'status' && typeof value === 'string') return f.status(value);
  if (key === 'timeZone' && typeof value === 'string') return f.zone(value);
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    return value.length === 10 ? f.date(`${value}T12:00:00Z`) : f.dateTime(value);
  }
  if (Array.isArray(value))
    return value.length ? f.list(value.map((v) => formatValue(f, key, v, empty, coded))) : empty;
  if (typeof value === 'object') return empty;
  return String(value);
}

export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields a write changed, in the snapshots' order, a nested part (an emergency contact's phone,
 * one custom field) as a field of its own; ids and unchanged fields left out.
 */
export function changesOf(before: unknown, after: unknown): Change[] {
  const b = flatten(asObject(before) ?? {});
  const a = flatten(asObject(after) ?? {});
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  // An empty list is no value, as a missing one is: both show as "—", a row that changed nothing.
  const same = (v: unknown) => JSON.stringify(Array.isArray(v) && v.length === 0 ? null : (v ?? null));
  return keys.filter((k) => same(b[k]) !== same(a[k])).map((k) => ({ field: k, before: b[k], after: a[k] }));
}

/** Where a target's own screen is, when the reader may open it. */
function targetPath(e: AuditEntry, can: (action: 'read' | 'write', subject: string) => boolean): string | null {
  if (!e.targetId) return null;
  switch (e.targetType) {
    case 'user':
      return e.action === 'member.remove' || !can('write', 'user') ? null : `/users/${e.targetId}`;
    case 'team':
      return e.action === 'team.delete' || !can('write', 'team') ? null : `/teams/${e.targetId}`;
    case 'company':
      return can('read', 'companies') ? `/companies/${e.targetId}` : null;
    case 'invitation':
      return can('write', 'user') ? '/users/invitations' : null;
    case 'join_request':
      return can('write', 'user') ? '/users/join-requests' : null;
    default:
      return null;
  }
}

/** The entry as a sentence in the reader's language, its people and things linked to their screens. */
export function AuditSentence({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const days = useDays();
  const ability = useAbility();
  const can = (action: 'read' | 'write', subject: string) =>
    ability.can(action, subject as Parameters<typeof ability.can>[1]);
  const before = asObject(entry.before);
  const after = asObject(entry.after);
  const actor = entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}`.trim() || entry.actor.email : null;
  // The server names the target; a snapshot names one that is gone (a deleted team, a removed person)
  // or one the server does not name (a company page by its title, a custom field by its label).
  // A certification entry's snapshot keeps the certification's name as `type` (a deleted record).
  const certification = entry.targetType === 'certification' ? [after?.type, before?.type] : [];
  const named =
    entry.targetName ??
    [
      after?.email,
      before?.email,
      after?.name,
      before?.name,
      after?.title,
      before?.title,
      after?.label,
      before?.label,
      ...certification,
    ].find((v): v is string => typeof v === 'string');
  // A job is named by its type, as the Jobs screen says it (the code its fallback).
  const target =
    (named && entry.targetType === 'job' ? t(`admin:jobs.types.${named}`, { defaultValue: named }) : named) ??
    t('admin:audit.unknownTarget');
  // Whose the target is (a certification's holder, an attendance entry's person), when the sentence says it.
  const person = entry.targetPerson ?? t('admin:audit.someone');
  // The days a timesheet lock covers (its snapshot: what was locked, or unlocked).
  const span = after ?? before;
  const period = typeof span?.from === 'string' && typeof span?.to === 'string' ? days.range(span.from, span.to) : '—';
  const afterRoles = after?.roles;
  const roles = Array.isArray(afterRoles) ? f.roles(afterRoles.map(String)) : '';
  const invited = typeof after?.invited === 'number' ? t('admin:import.invitedCount', { count: after.invited }) : '';
  // Imports before employee-record columns have no count of updated records: none were.
  const updated = t('admin:import.updatedCount', { count: typeof after?.updated === 'number' ? after.updated : 0 });
  // A bulk schedule assignment says how many people it reached.
  const assignedPeople = t('admin:attendance.peopleCount', {
    count: typeof after?.people === 'number' ? after.people : 0,
  });
  const key = `admin:audit.sentence.${entry.action}`;
  const rtl = (v: string) => (i18n.dir() === 'rtl' ? isolate(v) : v);
  const actorPath = entry.actor && can('write', 'user') ? `/users/${entry.actor.uuid}` : null;
  const path = targetPath(entry, can);
  // Underlined: inside a sentence, colour alone does not tell a link (the dark skin's link colour is
  // 1.8:1 against its text, WCAG 1.4.1; axe link-in-text-block).
  const link = (to: string | null) =>
    to ? <Anchor component={Link} to={to} fw={600} underline="always" /> : <Text span fw={600} />;

  if (!i18n.exists(key)) {
    // An action added on the server before its sentence: still words, never the code.
    return (
      <Text span>
        {actor ?? t('admin:audit.someone')} · {f.action(entry.action)} · {target}
      </Text>
    );
  }
  return (
    <Text span data-testid="audit-sentence">
      <Trans
        t={t}
        i18nKey={key}
        values={{
          // In a right-to-left sentence a Latin name is isolated, so the punctuation after it (a
          // colon, a bracket) stays on its side; left-to-right sentences need no marks.
          actor: rtl(actor ?? t('admin:audit.someone')),
          target: rtl(target),
          person: rtl(person),
          period,
          roles,
          invited,
          updated,
          assignedPeople,
        }}
        components={{ actor: link(actorPath), target: link(path) }}
      />
    </Text>
  );
}

/** The changed fields of an entry, before and after, behind a button (most entries need no more). */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const changes = changesOf(entry.before, entry.after);
  // A custom field is named by its label, read only when the table opens on one (an admin's).
  const ability = useAbility();
  const hasCustom = changes.some((c) => c.field.startsWith('custom.'));
  const fields = useQuery({
    queryKey: employeeKeys.fields,
    queryFn: getFields,
    enabled: open && hasCustom && ability.can('write', 'peopleHR'),
  });
  const labels = new Map((fields.data?.data ?? []).map((d) => [d.uuid, d.label]));
  // A time-off type's amounts in its unit of that side ("12 days", not "12").
  const days = useDays();
  const codedIn = (snapshot: unknown) => {
    const u = asObject(snapshot)?.unit;
    const unit = u === 'days' || u === 'hours' ? u : null;
    return (key: string, value: unknown) =>
      unit && (key === 'yearlyAllowance' || key === 'carryOverCap') && typeof value === 'number'
        ? days.amount(value, unit)
        : codedValue(t, f.language, entry.action, key, value);
  };
  const codedBefore = codedIn(entry.before);
  const codedAfter = codedIn(entry.after);
  // Nothing changed (saved as it was): the cell says so like 'From' does, not an empty label on a phone's card.
  if (changes.length === 0) return <>{t('admin:profile.none')}</>;
  const empty = t('admin:profile.none');
  return (
    <div>
      <Button size="compact-xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? t('admin:audit.hideDetails') : t('admin:audit.details')}
      </Button>
      {open && (
        <Table withTableBorder fz="sm" mt={4} data-testid="audit-changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin:audit.field')}</Table.Th>
              <Table.Th scope="col">{t('admin:audit.before')}</Table.Th>
              <Table.Th scope="col">{t('admin:audit.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={c.field}>
                <Table.Th scope="row">{fieldLabel(t, c.field, labels)}</Table.Th>
                <Table.Td>
                  <del className="audit-before">{formatValue(f, c.field, c.before, empty, codedBefore)}</del>
                </Table.Td>
                <Table.Td>
                  <ins className="audit-after">{formatValue(f, c.field, c.after, empty, codedAfter)}</ins>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

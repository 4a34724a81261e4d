import type { Correction } from '@wac/shared/schemas/attendance';
import { zonedDate } from '@wac/shared/zoned-time';
import { Badge, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '../../../components/section-card';
import { isolate } from '../../../lib/format';
import { useZonedFormat } from './zoned-format';

const COLORS = { pending: 'blue.9', applied: 'teal.9', declined: 'red.9' } as const;

/** Correction requests: who, what was recorded, what was asked, why, and what became of it. */
export function CorrectionsTable({
  rows,
  timeZone,
  showPerson,
  actions,
  testId,
}: {
  rows: Correction[];
  timeZone: string | undefined;
  showPerson?: boolean;
  actions?: (c: Correction) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const z = useZonedFormat(timeZone);
  // An out on another company day than its in (a shift past midnight) is written with its date:
  // with its time alone, "9:00 AM – 8:00 AM" read as an entry ending before it starts.
  const sameDay = (a: string, b: string) =>
    !timeZone || zonedDate(new Date(a), timeZone) === zonedDate(new Date(b), timeZone);
  const span = (v: { clockIn: string | null; clockOut: string | null } | null) =>
    v
      ? `${z.stamp(v.clockIn)} – ${v.clockIn && v.clockOut && !sameDay(v.clockIn, v.clockOut) ? z.stamp(v.clockOut) : z.time(v.clockOut)}`
      : '—';
  if (rows.length === 0) return <Text c="dimmed">{t('admin:attendance.noCorrections')}</Text>;
  return (
    // On a phone each request stacks into a card whose cells say their column (SimpleTable): in a
    // table scrolled sideways, Approve and Decline sat off screen past four columns of times.
    <SimpleTable
      caption={t('admin:attendance.corrections')}
      captionHidden
      columns={[
        ...(showPerson ? [t('admin:attendance.person')] : []),
        t('admin:attendance.kindLabel'),
        t('admin:attendance.before'),
        t('admin:attendance.after'),
        t('admin:attendance.reason'),
        t('admin:attendance.statusFilter'),
        ...(actions ? [t('admin:common.actions')] : []),
      ]}
      empty={null}
      isEmpty={false}
      testId={testId}
    >
      {rows.map((c) => (
        <Table.Tr key={c.uuid} data-testid="correction-row">
          {showPerson && (
            <Table.Td>
              {c.user.firstName} {c.user.lastName}
              {/* When it was asked, on the company's clock like every other time of the row (the
                  browser's clock read "asked 12:41 PM" beside a 6:41 AM company morning). */}
              <Text size="xs" c="dimmed" data-testid="correction-asked">
                {z.stamp(c.createdAt)}
              </Text>
            </Table.Td>
          )}
          <Table.Td>{t(`admin:attendance.kind.${c.kind}`)}</Table.Td>
          <Table.Td>{span(c.before)}</Table.Td>
          <Table.Td>{c.kind === 'remove' ? t('admin:attendance.kind.remove') : span(c.after)}</Table.Td>
          <Table.Td>
            {/* Typed in any language: isolated, so an English reason in an Arabic card keeps its full stop at its end. */}
            <bdi>{c.reason}</bdi>
            {c.comment && (
              <Text size="xs" c="dimmed">
                {t('admin:attendance.commentWas', { comment: isolate(c.comment) })}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Badge color={COLORS[c.status]} variant="filled" data-testid="correction-status">
              {t(`admin:attendance.correctionStatus.${c.status}`)}
            </Badge>
          </Table.Td>
          {actions && <Table.Td>{actions(c)}</Table.Td>}
        </Table.Tr>
      ))}
    </SimpleTable>
  );
}

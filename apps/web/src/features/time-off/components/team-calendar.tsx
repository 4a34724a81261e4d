import { Box, Group, Pagination, ScrollArea, Select, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyMonthPicker } from '../../../components/company-month-picker';
import { SectionCard } from '../../../components/section-card';
import { useFormat } from '../../../lib/format';
import { useCalendarFilters, useTeamCalendar } from '../api/get-team-calendar';
import { useDays } from '../../../lib/days';

const PAGE = 20;
/** Days without work (a weekend, a day off of the person's schedule, a public holiday): shaded, as other tools do. */
const OFF = { background: 'var(--wac-day-off)' };
/** Today's column: its number underlined in the primary colour. */
const TODAY = { boxShadow: 'inset 0 -3px 0 var(--mantine-primary-color-filled)', fontWeight: 700 };
/** Today's column down the rows: edged in the primary colour on both sides. */
const TODAY_CELL = {
  boxShadow: 'inset 2px 0 0 var(--mantine-primary-color-filled), inset -2px 0 0 var(--mantine-primary-color-filled)',
};
/**
 * A request still waiting for approval is drawn faded and hatched, its legend swatch too: a grey
 * swatch stood for it while the cells were a pale leave colour, and a pale colour alone is easily
 * taken for another type's.
 */
const PENDING_OPACITY = 0.45;
const HATCH = 'repeating-linear-gradient(45deg, rgba(255, 255, 255, 0.6) 0 2px, transparent 2px 5px)';
const pendingLook = (color: string) => ({ backgroundColor: color, backgroundImage: HATCH, opacity: PENDING_OPACITY });

function daysOf(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** Who is off in a month, filterable by team and department; the server pages the people. */
export function TeamCalendar() {
  const { t } = useTranslation();
  const f = useFormat();
  const days = useDays();
  // Until one is chosen, the server answers the company's current month (its zone, not the browser's).
  const [chosen, setMonth] = useState<string | null>(null);
  const [teamUuid, setTeam] = useState<string | null>(null);
  const [departmentUuid, setDepartment] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const filters = useCalendarFilters();
  const cal = useTeamCalendar(
    {
      month: chosen ?? undefined,
      teamUuid: teamUuid ?? undefined,
      departmentUuid: departmentUuid ?? undefined,
      page,
      itemsPerPage: PAGE,
    },
    chosen === null || /^\d{4}-\d{2}$/.test(chosen),
  );
  const month = chosen ?? cal.data?.month ?? '';
  const dates = /^\d{4}-\d{2}$/.test(month) ? daysOf(month) : [];
  const people = cal.data?.data ?? [];
  const holidays = new Map((cal.data?.holidays ?? []).map((h) => [h.date, h.name]));
  const today = cal.data?.today;
  // The leave types on this page, for the legend (a colour alone says nothing).
  const types = [
    ...new Map(people.flatMap((p) => p.absences.map((a) => [a.type.uuid, a.type] as const))).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));
  const anyPending = people.some((p) => p.absences.some((a) => a.status === 'pending'));
  const anyHalf = people.some((p) => p.absences.some((a) => a.startHalf || a.endHalf));
  const about = (a: { type: { name: string }; status: string }, half: string | null) =>
    [a.type.name, f.status(a.status), ...(half ? [t('admin:timeOff.halfDay')] : [])].join(' · ');

  return (
    <SectionCard title={t('admin:timeOff.calendar')} testId="time-off-calendar">
      <Group align="flex-end" mb="sm">
        <CompanyMonthPicker
          label={t('admin:timeOff.month')}
          value={month}
          testId="team-calendar-month"
          onChange={(m) => {
            setMonth(m);
            setPage(1);
          }}
        />
        <Select
          label={t('admin:timeOff.team')}
          placeholder={t('admin:timeOff.all')}
          clearable
          data={(filters.data?.teams ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
          value={teamUuid}
          onChange={(v) => {
            setTeam(v);
            setPage(1);
          }}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label={t('admin:timeOff.department')}
          placeholder={t('admin:timeOff.all')}
          clearable
          data={(filters.data?.departments ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
          value={departmentUuid}
          onChange={(v) => {
            setDepartment(v);
            setPage(1);
          }}
          comboboxProps={{ withinPortal: false }}
        />
      </Group>
      {/* A month is wider than a phone: the table scrolls, and a keyboard reaches it to scroll it. */}
      <ScrollArea
        type="auto"
        // The horizontal scrollbar gets its own room under the table instead of covering its last row.
        offsetScrollbars="present"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('admin:timeOff.calendar') }}
      >
        <Table withTableBorder withColumnBorders fz="xs" data-testid="team-calendar-table">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
            {dates.length ? t('admin:timeOff.calendarCaption', { month: days.month(month) }) : ''}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin:timeOff.person')}</Table.Th>
              {dates.map((d) => {
                const holiday = holidays.get(d);
                const title = holiday
                  ? `${days.date(d)} · ${t('admin:timeOff.holidayOn', { name: holiday })}`
                  : days.date(d);
                const isToday = d === today;
                return (
                  <Table.Th
                    key={d}
                    scope="col"
                    ta="center"
                    px={2}
                    aria-current={isToday ? 'date' : undefined}
                    style={{ ...(holiday ? OFF : {}), ...(isToday ? TODAY : {}) }}
                  >
                    <abbr
                      title={isToday ? `${title} · ${t('admin:timeOff.today')}` : title}
                      style={{ textDecoration: 'none' }}
                    >
                      {f.number(Number(d.slice(8)))}
                    </abbr>
                    {holiday && <VisuallyHidden>{t('admin:timeOff.holidayOn', { name: holiday })}</VisuallyHidden>}
                    {isToday && <VisuallyHidden>{t('admin:timeOff.today')}</VisuallyHidden>}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!cal.isPending && people.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={dates.length + 1}>
                  <Text c="dimmed" size="sm">
                    {t('admin:timeOff.nobodyOff')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {people.map((p) => (
              <Table.Tr key={p.person.uuid}>
                <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                  {p.person.firstName} {p.person.lastName}
                </Table.Th>
                {dates.map((d) => {
                  const a = p.absences.find((x) => x.startDate <= d && x.endDate >= d);
                  const off = p.offDays.includes(d);
                  // A half day fills half the cell: the afternoon of a first day, the morning of a last.
                  const half = a
                    ? a.startDate === d && a.startHalf
                      ? 'pm'
                      : a.endDate === d && a.endHalf
                        ? 'am'
                        : null
                    : null;
                  return (
                    <Table.Td
                      key={d}
                      p={0}
                      style={{ minWidth: 22, ...(off ? OFF : {}), ...(d === today ? TODAY_CELL : {}) }}
                      title={off && !a ? t('admin:timeOff.dayOff') : undefined}
                      data-off={off || undefined}
                      data-today={d === today || undefined}
                    >
                      {off && !a && (
                        <VisuallyHidden>
                          {t('admin:common.labelValue', { label: days.date(d), value: t('admin:timeOff.dayOff') })}
                        </VisuallyHidden>
                      )}
                      {a && (
                        <div
                          style={{
                            ...(a.status === 'pending' ? pendingLook(a.type.color) : { background: a.type.color }),
                            height: 22,
                            ...(half ? { width: '50%', marginInlineStart: half === 'pm' ? 'auto' : undefined } : {}),
                          }}
                          title={about(a, half)}
                          data-half={half ?? undefined}
                        >
                          {/* The date and its colon as the reader's language writes them (French
                              "3 déc. 2026 : Vacation"), the parts apart as in the tooltip. */}
                          <VisuallyHidden>
                            {t('admin:common.labelValue', { label: days.date(d), value: about(a, half) })}
                          </VisuallyHidden>
                        </div>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {/* Each cell says its own meaning to a screen reader; the legend is for the eye. */}
      <Group gap="md" mt="xs" aria-hidden data-testid="team-calendar-legend">
        {types.map((ty) => (
          <Group gap={6} key={ty.uuid} wrap="nowrap">
            <Box w={14} h={14} style={{ background: ty.color }} />
            <Text size="xs">{ty.name}</Text>
          </Group>
        ))}
        {anyPending && (
          <Group gap={6} wrap="nowrap">
            <Box w={14} h={14} style={pendingLook('var(--mantine-color-dimmed)')} data-pending />
            <Text size="xs" c="dimmed">
              {f.status('pending')}
            </Text>
          </Group>
        )}
        {anyHalf && (
          <Group gap={6} wrap="nowrap">
            <Box w={14} h={14} style={{ border: '1px solid var(--mantine-color-default-border)' }}>
              <Box w={6} h={12} style={{ background: 'var(--mantine-color-dimmed)' }} />
            </Box>
            <Text size="xs" c="dimmed">
              {t('admin:timeOff.halfDay')}
            </Text>
          </Group>
        )}
        <Group gap={6} wrap="nowrap">
          <Box w={14} h={14} style={{ ...OFF, border: '1px solid var(--mantine-color-default-border)' }} />
          <Text size="xs" c="dimmed">
            {t('admin:timeOff.offLegend')}
          </Text>
        </Group>
      </Group>
      {(cal.data?.totalItems ?? 0) > PAGE && (
        <Group justify="flex-end" mt="sm">
          <Pagination total={Math.ceil((cal.data?.totalItems ?? 0) / PAGE)} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </SectionCard>
  );
}

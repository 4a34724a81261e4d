import {
  Badge,
  Box,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { BOARD_STATUSES, type BoardStatus } from '@wac/shared/schemas/attendance';
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTableState } from '../../lib/use-table-state';
import { ApiError } from '../../lib/api-client';
import { useBoard } from './api/get-board';
import { useBoardFilters } from './api/get-board-filters';
import { useAttendanceSettings } from './api/get-settings';
import { CompanyDatePicker } from '../../components/company-date-picker';
import { useLeaveLabel } from './components/leave-label';
import { useZonedFormat } from './components/zoned-format';
import { useFormat } from '../../lib/format';
import { intlLocale } from '@wac/shared/intl-locale';

const COLORS: Record<BoardStatus, string> = {
  present: 'teal.9',
  // Mantine's orange.9 gives white text 4.29:1; this darker orange reaches 6.2:1 (WCAG AA).
  late: '#a84006',
  absent: 'red.9',
  onLeave: 'violet.9',
  expected: 'blue.9',
  notScheduled: 'gray.7',
};

/** Who is in today (or on a chosen company day); it refetches when anyone clocks in or out. */
export default function DayBoardScreen() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  // The view lives in the address, as every listing's does: a reload, Back, or a link sent to a
  // colleague ("who is late in Sales today") opens the same board.
  const state = useTableState<'name', 'date' | 'team' | 'department' | 'status'>({
    sorts: ['name'],
    defaultSort: 'name',
    filters: ['date', 'team', 'department', 'status'],
  });
  const { date = '', team = null, department = null } = state.filters;
  const asked = state.filters.status ?? '';
  const status = (BOARD_STATUSES as readonly string[]).includes(asked) ? (asked as BoardStatus) : null;
  const { search, page } = state;
  // The search reaches the address (and the server) once typing pauses, not at every key.
  const [searchText, setSearchText] = useState(search);
  useEffect(() => setSearchText(search), [search]);
  const searchLater = useDebouncedCallback(state.setSearch, 300);
  const filters = useBoardFilters();
  const settings = useAttendanceSettings();
  const board = useBoard({
    date: date || undefined,
    team: team ?? undefined,
    department: department ?? undefined,
    status: status ?? undefined,
    search: search || undefined,
    page,
  });
  const b = board.data;
  // A search that matches too many people to judge (SEARCH_TOO_BROAD) is said on the search box.
  const tooBroad =
    board.error instanceof ApiError && board.error.code === 'SEARCH_TOO_BROAD' ? board.error.message : undefined;
  const stale = board.isPlaceholderData && (board.isFetching || board.isError);
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const leaveLabel = useLeaveLabel();
  const zoned = useZonedFormat(b?.timeZone);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin:nav.dayBoard')}
        </Title>
        <Text c="dimmed">
          {b
            ? t('admin:attendance.boardSubtitle', {
                date: zoned.longDay(b.date),
                zone: f.zone(b.timeZone),
              })
            : ' '}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} aria-label={t('admin:attendance.counts')} component="section">
        {BOARD_STATUSES.map((s) => (
          <Paper key={s} className="card" p="md" radius="md" data-testid={`count-${s}`}>
            <Text size="sm" c="dimmed">
              {t(`admin:attendance.status.${s}`)}
            </Text>
            {b ? (
              <Text fw={700} size="xl" className="stat-value">
                {number.format(b.counts[s])}
              </Text>
            ) : (
              <Skeleton h={28} w={40} />
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <Group align="end" wrap="wrap">
        <CompanyDatePicker
          label={t('admin:attendance.date')}
          placeholder={t('admin:attendance.datePlaceholder')}
          clearLabel={t('admin:attendance.clearDate')}
          value={date}
          weekStart={settings.data?.weekStart}
          testId="board-date"
          onChange={(v) => state.setFilter('date', v)}
        />
        <Select
          label={t('admin:attendance.team')}
          placeholder={t('admin:attendance.allTeams')}
          clearable
          data={(filters.data?.teams ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
          value={team}
          onChange={(v) => state.setFilter('team', v)}
          comboboxProps={{ withinPortal: false }}
          data-testid="board-team"
        />
        <Select
          label={t('admin:attendance.department')}
          placeholder={t('admin:attendance.allDepartments')}
          clearable
          data={(filters.data?.departments ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
          value={department}
          onChange={(v) => state.setFilter('department', v)}
          comboboxProps={{ withinPortal: false }}
          data-testid="board-department"
        />
        <Select
          label={t('admin:attendance.statusFilter')}
          placeholder={t('admin:attendance.allStatuses')}
          clearable
          comboboxProps={{ withinPortal: false }}
          data-testid="board-status-filter"
          value={status}
          data={BOARD_STATUSES.map((s) => ({ value: s, label: t(`admin:attendance.status.${s}`) }))}
          onChange={(v) => state.setFilter('status', v)}
        />
        <TextInput
          label={t('admin:table.search')}
          value={searchText}
          error={tooBroad}
          data-testid="board-search"
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            searchLater(e.currentTarget.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') state.setSearch(searchText);
          }}
        />
      </Group>
      {/* The rows of the previous choice stay while the new ones load (or while an outage is waited
          out): covered and marked busy, so that rows are never read as the search the box now shows. */}
      <Box pos="relative" aria-busy={stale} data-testid="board-rows">
        <LoadingOverlay
          visible={stale}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ 'aria-label': t('admin:table.loading') }}
        />
        {/* On a phone the table scrolls inside its own frame; the page itself never scrolls sideways. */}
        <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('admin:nav.dayBoard')} data-testid="board-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin:attendance.person')}</Table.Th>
                <Table.Th>{t('admin:attendance.statusFilter')}</Table.Th>
                <Table.Th>{t('admin:attendance.in')}</Table.Th>
                <Table.Th>{t('admin:attendance.out')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {b?.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" size="sm" role="status">
                      {t('admin:attendance.boardEmpty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {b?.data.map((r) => (
                <Table.Tr key={r.userUuid} data-testid="board-row">
                  <Table.Td>
                    {r.firstName} {r.lastName}
                    <Text size="xs" c="dimmed">
                      {r.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[r.status]} variant="filled" data-testid="board-status">
                      {t(`admin:attendance.status.${r.status}`)}
                    </Badge>
                    {r.leave && (
                      <Text size="xs" c="dimmed" data-testid="board-leave">
                        {leaveLabel(r.leave)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{zoned.time(r.firstIn)}</Table.Td>
                  <Table.Td>{r.clockedIn ? t('admin:attendance.clockedIn') : zoned.time(r.lastOut)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      {b && b.totalItems > b.itemsPerPage && (
        <nav aria-label={t('admin:table.pagination')}>
          <Pagination
            total={Math.ceil(b.totalItems / b.itemsPerPage)}
            value={page}
            onChange={state.setPage}
            getControlProps={(control) => ({ 'aria-label': t(`admin:table.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('admin:table.page', { page: p }) })}
          />
        </nav>
      )}
    </Stack>
  );
}

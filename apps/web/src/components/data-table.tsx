import { LISTING_PAGE_SIZE } from '@wac/shared/constants';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Drawer,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  NativeSelect,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconArrowsSort,
  IconDownload,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '../lib/format';
import { CardList, type Column, type DataTableProps, EmptyState, NARROW_QUERY, SearchBox } from './data-table-parts';

export type { Column, DataTableProps };
export { NARROW_QUERY };

/**
 * A server-side listing: 10 rows a page from page 1, debounced search, sortable headers
 * (aria-sort), a filters slot, row selection for bulk actions and a CSV export; its state lives in
 * the URL (see useTableState). Logical CSS properties only, so it mirrors in right-to-left.
 * Under the small breakpoint the rows become stacked cards (title, label: value pairs, actions)
 * and the filters and the sort fold into a sheet, so nothing scrolls sideways on a phone.
 */
export function DataTable<T, S extends string, F extends string>(props: DataTableProps<T, S, F>) {
  const { t } = useTranslation();
  const f = useFormat();
  const { state, rows, totalItems, columns, selection } = props;
  const [exporting, setExporting] = useState(false);
  const [sheetOpened, sheet] = useDisclosure(false);
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const captionId = useId();
  const activeFilters = Object.keys(state.filters).length;
  const sortable = columns.filter((c) => c.sort);
  const pages = Math.max(1, Math.ceil((totalItems ?? 0) / LISTING_PAGE_SIZE));
  const pageIds = (rows ?? []).map(props.rowId);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selected.includes(id)) : [];
  const allSelected = pageIds.length > 0 && selectedOnPage.length === pageIds.length;
  const first = totalItems ? (state.page - 1) * LISTING_PAGE_SIZE + 1 : 0;
  const last = Math.min(state.page * LISTING_PAGE_SIZE, totalItems ?? 0);
  const colCount = columns.length + (selection ? 1 : 0);

  const onExport = async () => {
    if (!props.onExport) return;
    setExporting(true);
    try {
      await props.onExport();
    } catch {
      // The api client toasted the reason.
    } finally {
      setExporting(false);
    }
  };

  const sortIcon = (s: S | undefined) => {
    if (!s || s !== state.sort) return <IconArrowsSort size={14} aria-hidden opacity={0.5} />;
    return state.order === 'asc' ? (
      <IconSortAscending size={14} aria-hidden />
    ) : (
      <IconSortDescending size={14} aria-hidden />
    );
  };

  return (
    <Paper className="card" p="md" data-testid={props.testId}>
      <Group justify="space-between" mb="sm" gap="sm" align="flex-end">
        {/* Filters carry visible labels; the row lines up on the controls' bottom edge. */}
        <Group gap="sm" wrap="wrap" align="flex-end">
          {props.searchable !== false && (
            <SearchBox
              value={state.search}
              onChange={state.setSearch}
              label={props.searchLabel ?? t('admin:table.search')}
            />
          )}
          {narrow
            ? (props.filters || sortable.length > 0) && (
                <Button
                  variant="default"
                  leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                  rightSection={
                    activeFilters > 0 ? (
                      <Badge size="sm" circle>
                        {activeFilters}
                      </Badge>
                    ) : undefined
                  }
                  onClick={sheet.open}
                  aria-haspopup="dialog"
                  data-testid="table-filters"
                >
                  {t('admin:table.filters')}
                </Button>
              )
            : props.filters}
        </Group>
        <Group gap="sm">
          {selection && selection.selected.length > 0 && (
            <Group gap="xs" role="group" aria-label={t('admin:table.bulkActions')}>
              <Text size="sm" aria-live="polite">
                {t('admin:table.selected', { count: selection.selected.length })}
              </Text>
              {selection.actions}
            </Group>
          )}
          {props.onExport && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void onExport()}
              loading={exporting}
            >
              {t('admin:table.export')}
            </Button>
          )}
        </Group>
      </Group>
      {narrow && (
        <Drawer
          opened={sheetOpened}
          onClose={sheet.close}
          position="bottom"
          size="auto"
          // In place: the sheet's <header> stays inside main, not a second banner of the page.
          withinPortal={false}
          title={t('admin:table.filters')}
          closeButtonProps={{ 'aria-label': t('admin:common.close') }}
        >
          <Stack className="filter-sheet" pb="md">
            {props.filters}
            {sortable.length > 0 && (
              // A native select: a phone opens its own picker.
              <NativeSelect
                label={t('admin:table.sortBy')}
                data={sortable.flatMap((c) => [
                  { value: `${c.sort}:asc`, label: t('admin:table.sortAsc', { column: c.header }) },
                  { value: `${c.sort}:desc`, label: t('admin:table.sortDesc', { column: c.header }) },
                ])}
                value={`${state.sort}:${state.order}`}
                onChange={(e) => {
                  const [sort, order] = e.currentTarget.value.split(':') as [S, 'asc' | 'desc'];
                  state.setSort(sort, order);
                }}
              />
            )}
            <Button onClick={sheet.close}>{t('admin:table.showResults')}</Button>
          </Stack>
        </Drawer>
      )}
      <Box pos="relative">
        <LoadingOverlay visible={props.loading && rows !== undefined} zIndex={5} overlayProps={{ blur: 1 }} />
        {narrow ? (
          <CardList {...props} captionId={captionId} />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover aria-labelledby={captionId} aria-busy={props.loading}>
              <Table.Caption id={captionId} style={{ captionSide: 'top', textAlign: 'start' }}>
                <VisuallyHidden>{props.caption}</VisuallyHidden>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {selection && (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t('admin:table.selectPage')}
                        checked={allSelected}
                        indeterminate={selectedOnPage.length > 0 && !allSelected}
                        onChange={() =>
                          selection.onChange(
                            allSelected
                              ? selection.selected.filter((id) => !pageIds.includes(id))
                              : [...new Set([...selection.selected, ...pageIds])],
                          )
                        }
                      />
                    </Table.Th>
                  )}
                  {columns.map((c) => (
                    <Table.Th
                      key={c.key}
                      w={c.width}
                      scope="col"
                      aria-sort={
                        c.sort && c.sort === state.sort
                          ? state.order === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                    >
                      {c.sort ? (
                        <UnstyledButton
                          onClick={() => c.sort && state.toggleSort(c.sort)}
                          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
                          data-testid={`sort-${c.key}`}
                        >
                          {c.header}
                          {sortIcon(c.sort)}
                        </UnstyledButton>
                      ) : (
                        c.header
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows === undefined && (
                  <Table.Tr>
                    <Table.Td colSpan={colCount}>
                      <Text c="dimmed" size="sm" role="status">
                        {t('admin:table.loading')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows?.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={colCount}>
                      <EmptyState state={state} emptyText={props.emptyText} />
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows?.map((row) => {
                  const id = props.rowId(row);
                  return (
                    <Table.Tr key={id} data-selected={selection?.selected.includes(id) || undefined}>
                      {selection && (
                        <Table.Td>
                          <Checkbox
                            aria-label={t('admin:table.selectRow', { name: props.rowLabel?.(row) ?? id })}
                            checked={selection.selected.includes(id)}
                            onChange={(e) =>
                              selection.onChange(
                                e.currentTarget.checked
                                  ? [...selection.selected, id]
                                  : selection.selected.filter((x) => x !== id),
                              )
                            }
                          />
                        </Table.Td>
                      )}
                      {columns.map((c) => (
                        <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Box>
      <Group justify="space-between" mt="sm">
        {/* Nothing is counted before the first answer: no "0–0 of 0" while it loads (or waits out an
            outage); nor once it answered none, which the table itself says. */}
        <Text size="sm" c="dimmed" data-testid="table-range">
          {totalItems !== undefined &&
            totalItems > 0 &&
            t(props.totalIsLowerBound ? 'admin:table.rangeMoreThan' : 'admin:table.range', {
              first: f.number(first),
              last: f.number(last),
              total: f.number(totalItems),
            })}
        </Text>
        {pages > 1 && (
          <nav aria-label={t('admin:table.pagination')}>
            <Pagination
              total={pages}
              value={Math.min(state.page, pages)}
              onChange={state.setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': t(`admin:table.${control}`),
              })}
              getItemProps={(page) => ({ 'aria-label': t('admin:table.page', { page }) })}
            />
          </nav>
        )}
      </Group>
    </Paper>
  );
}

/** The rows as cards on a narrow screen: the title, each other column as label and value, then the actions. */

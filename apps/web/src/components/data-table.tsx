import { LISTING_PAGE_SIZE } from '@wac/shared/constants';
import {
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowsSort, IconDownload, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../lib/use-table-state';

export interface Column<T, S extends string> {
  key: string;
  header: string;
  /** The server sort this column's header asks for. */
  sort?: S;
  render: (row: T) => ReactNode;
  width?: number | string;
}

export interface DataTableProps<T, S extends string, F extends string> {
  caption: string;
  columns: Column<T, S>[];
  rows: T[] | undefined;
  totalItems: number | undefined;
  loading: boolean;
  state: TableState<S, F>;
  rowId: (row: T) => string;
  /** The accessible name of a row (for its selection checkbox). */
  rowLabel?: (row: T) => string;
  searchLabel?: string;
  /** Filters and other controls beside the search box. */
  filters?: ReactNode;
  /** Buttons shown when rows are selected; the selection is cleared by the caller when done. */
  selection?: { selected: string[]; onChange: (ids: string[]) => void; actions: ReactNode };
  onExport?: () => Promise<void>;
  emptyText?: string;
  testId?: string;
}

function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  const [text, setText] = useState(value);
  // A link or back button that changes the URL's search shows in the box.
  useEffect(() => setText(value), [value]);
  const debounced = useDebouncedCallback(onChange, 300);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        debounced(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange(text);
      }}
      w={{ base: '100%', sm: 280 }}
    />
  );
}

/**
 * A server-side listing: 10 rows a page from page 1, debounced search, sortable headers
 * (aria-sort), a filters slot, row selection for bulk actions and a CSV export; its state lives in
 * the URL (see useTableState). Logical CSS properties only, so it mirrors in right-to-left.
 */
export function DataTable<T, S extends string, F extends string>(props: DataTableProps<T, S, F>) {
  const { t } = useTranslation();
  const { state, rows, totalItems, columns, selection } = props;
  const [exporting, setExporting] = useState(false);
  const captionId = useId();
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
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="sm" wrap="wrap">
          <SearchBox
            value={state.search}
            onChange={state.setSearch}
            label={props.searchLabel ?? t('admin:table.search')}
          />
          {props.filters}
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
      <Box pos="relative">
        <LoadingOverlay visible={props.loading && rows !== undefined} zIndex={5} overlayProps={{ blur: 1 }} />
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
                      c.sort && c.sort === state.sort ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined
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
                    <Text c="dimmed" size="sm" role="status">
                      {props.emptyText ?? t('admin:table.empty')}
                    </Text>
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
      </Box>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed" data-testid="table-range">
          {t('admin:table.range', { first, last, total: totalItems ?? 0 })}
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

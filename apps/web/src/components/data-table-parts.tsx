import { Button, Checkbox, Group, Paper, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../lib/use-table-state';

export interface Column<T, S extends string> {
  key: string;
  header: string;
  /** The server sort this column's header asks for. */
  sort?: S;
  render: (row: T) => ReactNode;
  width?: number | string;
  /**
   * Its place on a phone, where each row is a card: `title` heads the card, `actions` sit at its
   * foot, `hidden` is left out (a detail the title already says); the rest show as label: value.
   */
  card?: 'title' | 'actions' | 'hidden';
}

/** Under this width (Mantine's `sm`) a listing is a stack of cards and its filters fold into a sheet. */
export const NARROW_QUERY = '(max-width: 47.99em)';

export interface DataTableProps<T, S extends string, F extends string> {
  caption: string;
  columns: Column<T, S>[];
  rows: T[] | undefined;
  totalItems: number | undefined;
  /** More rows match than `totalItems` (the server stopped counting): the range says "more than". */
  totalIsLowerBound?: boolean;
  loading: boolean;
  state: TableState<S, F>;
  rowId: (row: T) => string;
  /** The accessible name of a row (for its selection checkbox). */
  rowLabel?: (row: T) => string;
  searchLabel?: string;
  /** False for a listing the server cannot search as text (its filters say what to show). */
  searchable?: boolean;
  /** Filters and other controls beside the search box. */
  filters?: ReactNode;
  /** Buttons shown when rows are selected; the selection is cleared by the caller when done. */
  selection?: { selected: string[]; onChange: (ids: string[]) => void; actions: ReactNode };
  onExport?: () => Promise<void>;
  emptyText?: string;
  testId?: string;
}

export function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
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

/** What an empty listing says: nothing yet, or nothing matching, with a way back to everything. */
export function EmptyState<S extends string, F extends string>({
  state,
  emptyText,
}: {
  state: TableState<S, F>;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const narrowed = state.search !== '' || Object.keys(state.filters).length > 0;
  if (!narrowed) {
    return (
      <Text c="dimmed" size="sm" role="status">
        {emptyText ?? t('admin:table.empty')}
      </Text>
    );
  }
  return (
    <Group gap="sm" role="status">
      <Text size="sm" c="dimmed">
        {state.search ? t('admin:table.noMatch', { search: state.search }) : t('admin:table.noMatchFilters')}
      </Text>
      <Button size="xs" variant="light" onClick={state.clearSearchAndFilters} data-testid="table-clear">
        {t('admin:table.clear')}
      </Button>
    </Group>
  );
}

export function CardList<T, S extends string, F extends string>(
  props: DataTableProps<T, S, F> & { captionId: string },
) {
  const { t } = useTranslation();
  const { rows, columns, selection, state } = props;
  const title = columns.find((c) => c.card === 'title') ?? columns[0];
  const actions = columns.filter((c) => c.card === 'actions');
  const fields = columns.filter((c) => c !== title && !c.card);
  return (
    <div>
      <VisuallyHidden id={props.captionId}>{props.caption}</VisuallyHidden>
      {rows === undefined && (
        <Text c="dimmed" size="sm" role="status">
          {t('admin:table.loading')}
        </Text>
      )}
      {rows?.length === 0 && <EmptyState state={state} emptyText={props.emptyText} />}
      <Stack
        component="ul"
        gap="sm"
        aria-labelledby={props.captionId}
        aria-busy={props.loading}
        className="table-cards"
        data-testid="table-cards"
      >
        {rows?.map((row) => {
          const id = props.rowId(row);
          // A field with nothing in it says nothing: no label over a blank ('Work phone' for someone without one).
          const filled = fields
            .map((c) => ({ key: c.key, header: c.header, value: c.render(row) }))
            .filter((c) => c.value !== '' && c.value !== null && c.value !== undefined && c.value !== false);
          return (
            <Paper
              component="li"
              key={id}
              withBorder
              p="sm"
              radius="md"
              data-selected={selection?.selected.includes(id) || undefined}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {selection && (
                  <Checkbox
                    mt={2}
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
                )}
                <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
                  {title && (
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {title.render(row)}
                    </Text>
                  )}
                  {filled.length > 0 && (
                    <dl className="card-fields">
                      {filled.map((c) => (
                        <div key={c.key}>
                          <dt>{c.header}</dt>
                          <dd>{c.value}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  {actions.length > 0 && (
                    <Group gap="xs">
                      {actions.map((c) => (
                        <div key={c.key}>{c.render(row)}</div>
                      ))}
                    </Group>
                  )}
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </div>
  );
}

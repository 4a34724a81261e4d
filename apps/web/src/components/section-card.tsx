import { Group, Pagination, Paper, Table, Title } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A card of a detail screen: a level-2 title, optional actions at its end, then the content. */
export function SectionCard({
  title,
  actions,
  testId,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4" mb={actions ? undefined : 'sm'}>
      {title}
    </Title>
  );
  return (
    <Paper className="card" p="lg" data-testid={testId}>
      {actions ? (
        <Group justify="space-between" mb="sm">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Paper>
  );
}

/**
 * A small table with a visible caption, column headers, a row saying it is empty, and pages when
 * there is more than one (for lists inside a card; full listings use DataTable). On a phone each
 * row stacks into a card whose cells carry their column's name (styles.css `.stack-table`), so no
 * action sits off screen; explicit roles keep it a table for screen readers whatever its display.
 */
export function SimpleTable({
  caption,
  captionHidden,
  columns,
  empty,
  isEmpty,
  striped,
  testId,
  pages = 1,
  page = 1,
  onPage,
  children,
}: {
  caption: string;
  /** The caption says what the card's title already says: kept for screen readers, not shown twice. */
  captionHidden?: boolean;
  columns: string[];
  empty: ReactNode;
  isEmpty: boolean;
  striped?: boolean;
  testId?: string;
  pages?: number;
  page?: number;
  onPage?: (page: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTableElement>(null);
  // Each cell learns its column's name (shown before it when rows stack); runs after every render
  // because the rows are the caller's.
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    for (const row of table.tBodies[0]?.rows ?? []) {
      row.setAttribute('role', 'row');
      [...row.cells].forEach((cell, i) => {
        cell.setAttribute('role', 'cell');
        if (cell.colSpan === 1 && columns[i]) cell.dataset.label = columns[i];
      });
    }
  });
  return (
    <>
      <Table striped={striped} data-testid={testId} ref={ref} role="table" className="stack-table">
        <Table.Caption
          className={captionHidden ? 'caption-hidden' : undefined}
          style={{ captionSide: 'top', textAlign: 'start' }}
        >
          {caption}
        </Table.Caption>
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {columns.map((c) => (
              <Table.Th key={c} scope="col" role="columnheader">
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {isEmpty && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{empty}</Table.Td>
            </Table.Tr>
          )}
          {children}
        </Table.Tbody>
      </Table>
      {pages > 1 && onPage && (
        <Group justify="flex-end" mt="sm" component="nav" aria-label={t('admin:table.pagination')}>
          {/* Every control named, as in the data table: a disabled arrow is a button too. */}
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`admin:table.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('admin:table.page', { page: p }) })}
          />
        </Group>
      )}
    </>
  );
}

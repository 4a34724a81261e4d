import { Group, Pagination, Paper, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';

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
 * there is more than one (for lists inside a card; full listings use DataTable).
 */
export function SimpleTable({
  caption,
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
  return (
    <>
      <Table striped={striped} data-testid={testId}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c} scope="col">
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isEmpty && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{empty}</Table.Td>
            </Table.Tr>
          )}
          {children}
        </Table.Tbody>
      </Table>
      {pages > 1 && onPage && (
        <Group justify="flex-end" mt="sm">
          <Pagination total={pages} value={page} onChange={onPage} size="sm" />
        </Group>
      )}
    </>
  );
}

import type { ReactNode } from 'react';
import { ColumnsTable, type Column } from './columns-table';
import { QueryState } from './query-state';

/**
 * A list read from the API shown whole as a small table: the read's loading and error states, the
 * empty state in words, else the columns' heading and the rows (`children`), then what pages the list
 * (`footer`).
 */
export function ListTable({
  query,
  empty,
  emptyText,
  columns,
  testId,
  footer,
  children,
}: {
  query: { isLoading: boolean; error: unknown };
  empty: boolean;
  emptyText: ReactNode;
  columns: readonly Column[];
  testId?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <QueryState loading={query.isLoading} error={query.error} empty={empty} emptyText={emptyText}>
      <ColumnsTable columns={columns} testId={testId}>
        {children}
      </ColumnsTable>
      {footer}
    </QueryState>
  );
}

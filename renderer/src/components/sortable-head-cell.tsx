import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import type { ResourceList, ResourceSortField } from './use-resource-list';

/** A column heading that sorts its list by `field` (the host sorts, so every page follows the order). */
export function SortableHeadCell({
  list,
  field,
  children,
}: {
  /** The list, or just how it is sorted and how to sort it. */
  list: Pick<ResourceList, 'sortBy' | 'sortOrder' | 'sortOn'>;
  field: ResourceSortField;
  children: ReactNode;
}) {
  const active = list.sortBy === field;
  return (
    <TableCell sortDirection={active ? list.sortOrder : false}>
      <TableSortLabel
        active={active}
        direction={active ? list.sortOrder : 'desc'}
        onClick={() => list.sortOn(field)}
        data-testid={`sort-${field}`}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}

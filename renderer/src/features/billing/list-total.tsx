import Typography from '@mui/material/Typography';

/** A page of a billing list as it was read: its `total_items`, when the API counted them. */
export interface CountedPage {
  data?: { total_items?: unknown };
}

/** How many a billing list holds in all: the API's `total_items`, else what this page shows. */
export const totalOf = (query: CountedPage, items: readonly unknown[]): number =>
  typeof query.data?.total_items === 'number' ? query.data.total_items : items.length;

/** "3 plans": how many the list holds in all, once its first page is read. */
export function ListTotal({
  query,
  items,
  noun,
  testId,
}: {
  query: CountedPage;
  items: readonly unknown[];
  noun: string;
  testId: string;
}) {
  if (!query.data) return null;
  const total = totalOf(query, items);
  return (
    <Typography variant="body2" color="text.secondary" data-testid={testId}>
      {total} {noun}
      {total === 1 ? '' : 's'}
    </Typography>
  );
}

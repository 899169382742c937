import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { ResourceDetail, ResourceKind } from '../../../shared/bridge';
import { isNotFound } from '../api/api-call';
import { useResourceDetail } from '../api/use-resource-detail';
import { NotFound } from './detail-parts';
import { QueryState } from './query-state';

/** Where the read of one resource stands: the parts of a react-query result a detail page shows. */
interface DetailRead<T> {
  data: T | undefined;
  isLoading: boolean;
  error: unknown;
}

/**
 * The frame of a detail page around the read of one resource: a "no such id" page when the read says
 * the workspace lacks it (`missing`), loading and error states, and `children` once it is read. `top`
 * stands above the detail whatever the read says (the back link, a deprecation notice).
 */
export function DetailPage<T>({
  id,
  read,
  missing,
  notFound,
  top,
  children,
}: {
  id: string;
  read: DetailRead<T>;
  missing: (error: unknown) => boolean;
  notFound: { noun: string; back: string; backLabel: string; testId: string };
  top?: ReactNode;
  children(data: T): ReactNode;
}) {
  if (read.error && missing(read.error)) return <NotFound id={id} {...notFound} />;
  return (
    <Stack spacing={2}>
      {top}
      <QueryState loading={read.isLoading} error={read.error}>
        {read.data ? children(read.data) : null}
      </QueryState>
    </Stack>
  );
}

/** The detail page of a resource as the host keeps it: `DetailPage` over `useResourceDetail`. */
export function HostDetailPage({
  kind,
  id,
  notFound,
  top,
  children,
}: {
  kind: ResourceKind;
  id: string;
  notFound: { noun: string; back: string; backLabel: string; testId: string };
  top?: ReactNode;
  children(detail: ResourceDetail): ReactNode;
}) {
  const read = useResourceDetail(kind, id);
  return (
    <DetailPage id={id} read={read} missing={isNotFound} notFound={notFound} top={top}>
      {children}
    </DetailPage>
  );
}

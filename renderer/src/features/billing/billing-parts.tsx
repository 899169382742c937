import { ApiCallError } from '../../api/api-call';

/** Whether a read failed because the API has no such resource (a 404 of its own, not of the route). */
export const isMissing = (error: unknown): boolean => error instanceof ApiCallError && error.status === 404;

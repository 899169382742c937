import type { ApiResponse, BridgeInput } from '../../../shared/bridge';
import { bridge } from '../bridge';

/** One entry of an API error's `details[]` (spec part 7). */
export interface ApiErrorDetail {
  field?: string;
  value?: string;
  location?: string;
  issue?: string;
  description?: string;
}

interface ApiErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: ApiErrorDetail[];
  error?: string;
  error_description?: string;
}

/** A non-2xx answer of the API, with its parsed error body. */
export class ApiCallError extends Error {
  readonly status: number;
  readonly errorName: string | undefined;
  readonly debugId: string | undefined;
  readonly details: ApiErrorDetail[];

  constructor(readonly response: ApiResponse) {
    const body = (
      typeof response.body === 'object' && response.body !== null ? response.body : {}
    ) as ApiErrorBody;
    const text = typeof response.body === 'string' && response.body ? response.body.slice(0, 300) : undefined;
    super(body.message ?? body.error_description ?? text ?? `The API answered ${response.status}.`);
    this.status = response.status;
    this.errorName = body.name ?? body.error;
    this.debugId = body.debug_id;
    this.details = Array.isArray(body.details) ? body.details : [];
  }
}

/** Sends an API call through the bridge; resolves with the response on 2xx, throws ApiCallError otherwise. */
export async function callApi(request: BridgeInput<'sendRequest'>): Promise<ApiResponse> {
  const response = await bridge.sendRequest(request);
  if (response.status < 200 || response.status >= 300) throw new ApiCallError(response);
  return response;
}

/** A fresh idempotency key (spec 4.1: a UUID, well within every `Svc-Request-Id` limit). */
export function newRequestId(): string {
  return crypto.randomUUID();
}

/** Whether an API call failed because the API has no such resource (a 404 of its own, not of the route). */
export const isMissing = (error: unknown): boolean => error instanceof ApiCallError && error.status === 404;

/** The bridge reports a missing resource as NOT_FOUND (the Electron preload may keep only the message). */
export function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const name = (error as { errorName?: string }).errorName;
  return name === 'NOT_FOUND' || /^No \w+ \S+\.?$/.test(error.message);
}

export interface Link {
  href: string;
  rel: string;
  method?: string;
}

export function linksOf(resource: unknown): Link[] {
  const links = (resource as { links?: unknown } | undefined)?.links;
  return Array.isArray(links)
    ? links.filter(
        (l): l is Link => typeof l === 'object' && l !== null && typeof (l as Link).href === 'string',
      )
    : [];
}

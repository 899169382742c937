import type { ApiResponse } from '../../../../shared/bridge';
import { callApi } from '../../api/api-call';
import { saveFile } from '../../components/save-file';

/** The dispute calls the pages make, through the bridge so they show in the request log. */

export const DISPUTES_PATH = '/v1/customer/disputes';
export const disputePath = (id: string) => `${DISPUTES_PATH}/${encodeURIComponent(id)}`;

/** The states of a dispute that still wait for someone: the queue. */
export const OPEN_STATES = 'REQUIRED_ACTION,REQUIRED_OTHER_PARTY_ACTION,UNDER_PAYPAL_REVIEW,APPEALABLE';
export const QUEUE_PAGE_SIZE = 50;

/** A file picked on the page, ready for the bridge (base64). */
export interface PickedFile {
  field: string;
  name: string;
  type: string;
  data_base64: string;
}

export async function readFile(file: File, field: string): Promise<PickedFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { field, name: file.name, type: file.type || 'application/octet-stream', data_base64: btoa(binary) };
}

/** `GET /v1/customer/disputes` of the open states, one page (the platform's largest). */
export const listOpenDisputes = (): Promise<ApiResponse> =>
  callApi({
    method: 'GET',
    path: `${DISPUTES_PATH}?dispute_state=${OPEN_STATES}&page_size=${QUEUE_PAGE_SIZE}`,
  });

/** `GET /v1/customer/disputes/{id}`: the dispute with its links. */
export const showDispute = (id: string): Promise<ApiResponse> =>
  callApi({ method: 'GET', path: disputePath(id) });

/** `POST /v1/customer/disputes/{id}/<action>`; with files, as multipart/form-data (`input` + files). */
export const disputeAction = (
  id: string,
  action: string,
  body: unknown,
  files: PickedFile[] = [],
): Promise<ApiResponse> =>
  callApi({
    method: 'POST',
    path: `${disputePath(id)}/${action}`,
    body,
    ...(files.length > 0 ? { files } : {}),
  });

/** The sandbox helper that opens a dispute as the buyer of a capture. */
export const openDisputeCall = (body: {
  disputed_transaction_id: string;
  reason: string;
  amount?: { currency_code: string; value: string };
  message?: string;
}): Promise<ApiResponse> => callApi({ method: 'POST', path: '/v1/test-helpers/disputes', body });

/**
 * Downloads a document of a dispute through the bridge (its url answers with the API's authentication)
 * and saves it under its name.
 */
export async function downloadDocument(url: string, name: string): Promise<void> {
  const response = await callApi({ method: 'GET', path: new URL(url).pathname, headers: { accept: '*/*' } });
  const binary = atob(response.body_base64 ?? '');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveFile(name, [bytes], response.headers['content-type'] ?? 'application/octet-stream');
}

/** Moves the simulated clock to a moment; the jobs that fall due on the way run. */
export const moveClockTo = (to: string): Promise<ApiResponse> =>
  callApi({ method: 'POST', path: '/v1/test-helpers/clock', body: { to } });

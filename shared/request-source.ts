/**
 * Where a call to the API came from, as the request log shows it. Decided from the `User-Agent` header
 * alone (nothing else of a request says who sent it), by these rules, first match wins:
 *
 * 1. `workbench`: `PaymentsWorkbench/<version>`: the host's own API client (the console, the forms and every
 *    page that calls the API through the bridge) sends it unless the user set a User-Agent of their own.
 * 2. `curl`: `curl/<version>`.
 * 3. `sdk`: the platform SDKs (`PayPalSDK/...`, `... REST API ... SDK ...`, `Svc-SDK/...`) and the HTTP
 *    clients integrations and SDKs are built on: Node's fetch (`node`, `undici`), axios, got, node-fetch,
 *    python-requests, aiohttp, httpx, okhttp, Go's net/http, Java's HttpClient and Apache HttpClient,
 *    Guzzle, Faraday, Ruby, .NET, Postman, Insomnia and Bruno.
 * 4. `browser`: any other `Mozilla/...` (a page opened in a browser, such as the buyer approval page).
 * 5. `other`: anything else, or no User-Agent at all.
 */
export type RequestSource = 'workbench' | 'sdk' | 'curl' | 'browser' | 'other';

export const REQUEST_SOURCES: readonly RequestSource[] = ['workbench', 'sdk', 'curl', 'browser', 'other'];

export const SOURCE_LABELS: Record<RequestSource, string> = {
  workbench: 'Workbench',
  sdk: 'SDK',
  curl: 'curl',
  browser: 'Browser',
  other: 'Other',
};

/** The User-Agent product the workbench's own API client sends. */
export const WORKBENCH_USER_AGENT_PRODUCT = 'PaymentsWorkbench';

/** The workbench's own User-Agent, e.g. `PaymentsWorkbench/1.4.0`. */
export const workbenchUserAgent = (version: string): string => `${WORKBENCH_USER_AGENT_PRODUCT}/${version}`;

const SDK_AGENTS = [
  /^PayPalSDK\//i,
  /\bREST API\b.*\bSDK\b/i,
  /^Svc-?SDK\//i,
  /^node$/i,
  /^undici\b/i,
  /^axios\//i,
  /^got\b/i,
  /^node-fetch\b/i,
  /^python-requests\//i,
  /^python-httpx\//i,
  /^Python\/[\d.]+ aiohttp\//i,
  /^okhttp\//i,
  /^Go-http-client\//i,
  /^Java-http-client\//i,
  /^Java\//i,
  /^Apache-HttpClient\//i,
  /^GuzzleHttp\//i,
  /^Faraday\b/i,
  /^Ruby\b/i,
  /^\.NET\b|^Microsoft\.Net\b|^System\.Net\b/i,
  /^PostmanRuntime\//i,
  /^insomnia\//i,
  /^bruno-runtime\//i,
];

/** The source of a call by its User-Agent (see the rules above). */
export function classifyUserAgent(userAgent: string | undefined | null): RequestSource {
  const agent = (userAgent ?? '').trim();
  if (agent === '') return 'other';
  if (agent.startsWith(`${WORKBENCH_USER_AGENT_PRODUCT}/`)) return 'workbench';
  if (/^curl\//i.test(agent)) return 'curl';
  if (SDK_AGENTS.some((pattern) => pattern.test(agent))) return 'sdk';
  if (/^Mozilla\//.test(agent)) return 'browser';
  return 'other';
}

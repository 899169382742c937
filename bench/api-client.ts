/** A reply of the host's API: its status and its JSON body (`{}` when it sent none). */
export interface ApiReply {
  status: number;
  body: Record<string, unknown>;
}

/** Calls to the host's API as the benchmark app, with the headers every call of this benchmark sends. */
export interface ApiClient {
  /** One call, whatever the API answers. */
  call(method: string, path: string, body?: unknown): Promise<ApiReply>;
  /** One call the benchmark needs to succeed: its body, or an error naming the call and the answer. */
  ok(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
}

/**
 * The setup calls a benchmark makes before it measures (orders, plans, disputes to work on), over HTTP
 * with a bearer `token` as an integration would. `headers` go on every call (say `prefer:
 * return=minimal`); `perWrite` adds headers to each call with a body (say a fresh request id).
 */
export function apiClient(
  baseUrl: string,
  token: string,
  headers: Record<string, string> = {},
  perWrite: () => Record<string, string> = () => ({}),
): ApiClient {
  const call = async (method: string, path: string, body?: unknown): Promise<ApiReply> => {
    const response = await fetch(baseUrl + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...headers,
        ...(body !== undefined ? { 'content-type': 'application/json', ...perWrite() } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  return {
    call,
    async ok(method, path, body) {
      const reply = await call(method, path, body);
      if (reply.status >= 300)
        throw new Error(
          `${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 400)}`,
        );
      return reply.body;
    },
  };
}

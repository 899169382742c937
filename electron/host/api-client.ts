import type { ApiResponse } from '../../shared/bridge.js';
import type { Environment } from './environments.js';

interface CachedToken {
  token: string;
  expiresAt: number;
}

export interface OutgoingRequest {
  method: string;
  path: string;
  headers?: Record<string, string> | undefined;
  body?: unknown;
  form?: boolean | undefined;
  /** Files of a multipart/form-data call; `body` goes with them as the JSON `input` part. */
  files?: { field: string; name: string; type: string; data_base64: string }[] | undefined;
  anonymous?: boolean | undefined;
}

/** Shell-quotes one argument for the curl line. */
const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** The call as a curl command; the bearer token is left as `$TOKEN` so the line is safe to share. */
export function toCurl(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
): string {
  const parts = ['curl', '-sS', '-X', method, quote(url)];
  for (const [name, value] of Object.entries(headers)) {
    parts.push(
      '-H',
      quote(
        name.toLowerCase() === 'authorization' && value.startsWith('Bearer')
          ? 'Authorization: Bearer $TOKEN'
          : `${name}: ${value}`,
      ),
    );
  }
  if (body !== undefined) parts.push('--data-raw', quote(body));
  return parts.join(' ').replace("'Authorization: Bearer $TOKEN'", '"Authorization: Bearer $TOKEN"');
}

/**
 * Sends API calls to an environment with a bearer token the host fetched itself (client credentials),
 * refreshed before it expires and once more on a 401. Tokens stay in this object.
 */
/** Answers that are not text (a document's PDF or image): their bytes travel as base64. */
function isBinary(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!type) return false;
  return !(
    type.startsWith('text/') ||
    type.includes('json') ||
    type.includes('xml') ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'application/javascript'
  );
}

export class ApiClient {
  private readonly tokens = new Map<string, CachedToken>();

  constructor(
    private readonly now: () => number = Date.now,
    /** Sent unless the caller set a User-Agent of its own (left out of the shown headers and the curl line). */
    private readonly userAgent?: string,
  ) {}

  forget(environmentId: string): void {
    this.tokens.delete(environmentId);
  }

  async send(environment: Environment, request: OutgoingRequest): Promise<ApiResponse> {
    let response = await this.attempt(environment, request, false);
    if (response.status === 401 && !request.anonymous)
      response = await this.attempt(environment, request, true);
    return response;
  }

  private async attempt(
    environment: Environment,
    request: OutgoingRequest,
    freshToken: boolean,
  ): Promise<ApiResponse> {
    const url = environment.base_url + request.path;
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let payload: string | undefined;
    let multipart: FormData | undefined;
    if (request.files && request.files.length > 0) {
      multipart = new FormData();
      if (request.body !== undefined)
        multipart.append('input', new Blob([JSON.stringify(request.body)], { type: 'application/json' }));
      for (const file of request.files)
        multipart.append(
          file.field,
          new Blob([Buffer.from(file.data_base64, 'base64')], { type: file.type }),
          file.name,
        );
      // fetch writes the Content-Type with its boundary; the log and the curl line show the parts.
      payload = JSON.stringify({ input: request.body, files: request.files.map((f) => f.name) });
    } else if (request.body !== undefined) {
      if (request.form) {
        payload = new URLSearchParams(request.body as Record<string, string>).toString();
        headers['content-type'] ??= 'application/x-www-form-urlencoded';
      } else {
        payload = JSON.stringify(request.body);
        headers['content-type'] ??= 'application/json';
      }
    }
    const shownHeaders = { ...headers };
    if (this.userAgent && !Object.keys(headers).some((h) => h.toLowerCase() === 'user-agent'))
      headers['user-agent'] = this.userAgent;
    if (!request.anonymous && !Object.keys(headers).some((h) => h.toLowerCase() === 'authorization')) {
      headers.authorization = `Bearer ${await this.token(environment, freshToken)}`;
      shownHeaders.authorization = 'Bearer ••••••••';
    }
    const started = performance.now();
    const response = await fetch(url, {
      method: request.method,
      headers,
      ...(multipart ? { body: multipart } : payload !== undefined ? { body: payload } : {}),
      redirect: 'manual',
    });
    const type = response.headers.get('content-type') ?? '';
    const bytes = isBinary(type) ? Buffer.from(await response.arrayBuffer()) : undefined;
    const text = bytes ? `(${bytes.length} bytes of ${type})` : await response.text();
    const duration = performance.now() - started;
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = text;
      }
    }
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body,
      ...(bytes ? { body_base64: bytes.toString('base64') } : {}),
      duration_ms: Math.round(duration * 10) / 10,
      request: {
        method: request.method,
        url,
        headers: shownHeaders,
        ...(request.body !== undefined ? { body: request.body } : {}),
      },
      curl: toCurl(request.method, url, shownHeaders, payload),
    };
  }

  /**
   * Asks the environment for a token with its credentials, as every call will: a wrong base URL, an
   * unreachable host or refused credentials is said when the environment is added, not at its first use.
   */
  async checkCredentials(environment: Environment): Promise<void> {
    try {
      await this.token(environment, true);
    } catch (error) {
      const reason = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new Error(
        (error as Error).message.startsWith('The token request')
          ? (error as Error).message
          : `${environment.base_url} could not be reached (${reason}).`,
        { cause: error },
      );
    }
  }

  private async token(environment: Environment, fresh: boolean): Promise<string> {
    const cached = this.tokens.get(environment.id);
    if (!fresh && cached && cached.expiresAt > this.now()) return cached.token;
    const response = await fetch(`${environment.base_url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization:
          'Basic ' + Buffer.from(`${environment.client_id}:${environment.client_secret}`).toString('base64'),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...(this.userAgent ? { 'user-agent': this.userAgent } : {}),
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      throw new Error(
        `The token request to ${environment.name} failed (${response.status}): ${body.error_description ?? 'no token in the answer'}`,
      );
    }
    // Refresh a minute early so a call never goes out with a token about to expire.
    this.tokens.set(environment.id, {
      token: body.access_token,
      expiresAt: this.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000,
    });
    return body.access_token;
  }
}

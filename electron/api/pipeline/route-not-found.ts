import type { HttpMethod } from '../route.js';
import { ApiError, detail } from './api-error.js';

type ErrorStyle = 'identity' | 'scim';

interface KnownPath {
  pattern: RegExp;
  methods: Set<string>;
}

/** A path's family: its version and first segment (`/v1/identity`, `/v2/scim`). */
function familyOf(path: string): string {
  return path.split('/').slice(0, 3).join('/');
}

/**
 * Step 4 of the pipeline, for requests the router did not match: a known path with another method is
 * 405 with `Allow`; anything else is 404.
 */
export class RouteTable {
  private readonly paths = new Map<string, KnownPath>();
  /** Each path family's error form, when every operation of the family answers in that one form. */
  private readonly styles = new Map<string, ErrorStyle | null>();

  add(method: HttpMethod, path: string, errorStyle?: ErrorStyle): void {
    const family = familyOf(path);
    const style = this.styles.get(family);
    this.styles.set(
      family,
      style === undefined || style === (errorStyle ?? null) ? (errorStyle ?? null) : null,
    );
    let known = this.paths.get(path);
    if (!known) {
      const pattern = new RegExp(
        '^' + path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+') + '/?$',
      );
      known = { pattern, methods: new Set() };
      this.paths.set(path, known);
    }
    known.methods.add(method);
    if (method === 'GET') known.methods.add('HEAD');
  }

  /**
   * The error form of a URL's family (identity errors are short on every identity path, spec part 7),
   * for errors answered before or without a matched operation: 401, 404, 405.
   */
  errorStyleOf(url: string): ErrorStyle | undefined {
    return this.styles.get(familyOf(url.split('?')[0] ?? url)) ?? undefined;
  }

  notFound(method: string, url: string): ApiError {
    const path = url.split('?')[0] ?? url;
    const allowed = new Set<string>();
    for (const known of this.paths.values()) {
      if (known.pattern.test(path)) for (const m of known.methods) allowed.add(m);
    }
    if (allowed.size > 0 && !allowed.has(method)) {
      return new ApiError(
        'METHOD_NOT_SUPPORTED',
        [
          detail('METHOD_NOT_SUPPORTED', {
            field: 'method',
            value: method,
            description: `Use ${[...allowed].join(', ')} on ${path}.`,
          }),
        ],
        undefined,
        { allow: [...allowed].join(', ') },
      );
    }
    return new ApiError('RESOURCE_NOT_FOUND', [
      detail('RESOURCE_NOT_FOUND', {
        field: 'path',
        value: path,
        location: 'path',
        description: `No operation at ${method} ${path}.`,
      }),
    ]);
  }
}

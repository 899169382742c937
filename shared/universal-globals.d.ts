/**
 * The only globals shared/ may use beyond the language itself: web-platform APIs that browsers and
 * Node 24 both provide, with the members shared/ uses. shared/tsconfig.json compiles shared/ with these
 * and nothing of the DOM or of Node; the root and renderer projects, which have the full declarations,
 * leave this file out.
 */

/** WHATWG URL (browsers; Node's global `URL`). */
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly host: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  toString(): string;
}

/** Web Crypto's random source (browsers; Node's global `crypto`). */
declare const crypto: {
  getRandomValues<T extends Uint8Array | Uint16Array | Uint32Array>(array: T): T;
};

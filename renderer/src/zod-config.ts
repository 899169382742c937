import { z } from 'zod';

/**
 * Runs before any other module of the UI (the first import of `main.tsx`): zod compiles object parsers
 * with `new Function` unless told otherwise, and decides so by trying `new Function('')` once per page.
 * Under the UI's CSP (`script-src 'self'`, no `'unsafe-eval'`) that try is refused and reported as a
 * `script-src eval` violation on every page load, though zod then falls back. Jitless, zod never tries:
 * the CSP stays strict and quiet, and parsing the small inputs of a form is as fast either way.
 */
z.config({ jitless: true });

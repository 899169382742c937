// Runs before the UI's modules (a classic script is evaluated before any deferred module script). zod
// compiles object parsers with `new Function` unless told otherwise, and decides so when a schema is
// defined; once the bundle is split, shared schemas are defined in a chunk evaluated before any module
// of the UI could call z.config. Under the UI's CSP (script-src 'self', no 'unsafe-eval') that attempt is
// reported as a violation on every page load. zod reads its configuration from this global at load, so
// setting it here keeps the CSP strict and quiet; parsing a form's small inputs is as fast either way.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

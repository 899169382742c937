import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Runtime import cycles among the project's own modules. A cycle means some module runs while another
 * it needs is still half-initialised (a `const` read before it is assigned, a registry missing an
 * entry), and which one depends on where loading happens to start; so the project has none.
 *
 * Only imports that load a module at runtime count: `import type` / `export type`, and imports whose
 * every name is marked `type`, vanish when compiled; `import()` loads later, on demand. An import with
 * only inline `type` names still counts, because `verbatimModuleSyntax` keeps it as a bare import.
 */

const SOURCE = /\.(ts|tsx)$/;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'out', '.git', 'test-results']);

function listSources(directory: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(directory)) {
    if (SKIPPED_DIRECTORIES.has(name)) continue;
    const path = join(directory, name);
    if (statSync(path).isDirectory()) found.push(...listSources(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The specifiers a module imports or re-exports at load time. */
export function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier) continue;
      const clause = statement.exportClause;
      // `export { type A, type B } from` is erased entirely, unlike its import counterpart.
      if (
        clause &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((e) => e.isTypeOnly)
      )
        continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(statement) && !statement.isTypeOnly) {
      const reference = statement.moduleReference;
      if (ts.isExternalModuleReference(reference) && ts.isStringLiteral(reference.expression))
        specifiers.push(reference.expression.text);
    }
  }
  return specifiers;
}

/** The project file a relative specifier names (`./a.js` is `./a.ts`; `./a` may be `./a.tsx` or `./a/index.ts`). */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find(
    (candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
}

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every module under `roots` and the project modules it loads at runtime (paths relative to `projectRoot`). */
export function importGraph(projectRoot: string, roots: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  const files = roots.flatMap((root) => listSources(join(projectRoot, root)));
  for (const file of files) {
    const targets = runtimeImports(file, readFileSync(file, 'utf8'))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== undefined)
      .map((target) => relative(projectRoot, target));
    graph.set(relative(projectRoot, file), [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one module (or a module importing itself): Tarjan's algorithm. */
function tangledComponents(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** The shortest way back from `start` to itself inside one component (breadth first). */
function shortestCycle(graph: ImportGraph, start: string, members: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** One cycle per tangle, `a -> b -> a`, shortest first: what a failing check prints. */
export function findImportCycles(graph: ImportGraph): string[][] {
  return tangledComponents(graph)
    .map((component) => shortestCycle(graph, component[0] as string, new Set(component)))
    .sort((a, b) => a.length - b.length);
}

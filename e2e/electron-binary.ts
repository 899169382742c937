import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where Electron's binary is, found WITHOUT requiring the `electron` package: its first require would
 * try to download the binary, which fails on machines without access to Electron's download host.
 */
export function electronBinary(): string | undefined {
  const root = join(process.cwd(), 'node_modules', 'electron');
  const pathFile = join(root, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(root, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

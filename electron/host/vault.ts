import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Where client secrets of remote environments live. They never cross the bridge; the host reads them to
 * fetch tokens. Electron's main process supplies a `safeStorage`-encrypted vault; headless uses a 0600
 * file in the data dir, or memory with `--ephemeral`.
 */
export interface SecretVault {
  get(id: string): string | undefined;
  set(id: string, secret: string): void;
  delete(id: string): void;
}

export class MemoryVault implements SecretVault {
  private readonly secrets = new Map<string, string>();
  get(id: string): string | undefined {
    return this.secrets.get(id);
  }
  set(id: string, secret: string): void {
    this.secrets.set(id, secret);
  }
  delete(id: string): void {
    this.secrets.delete(id);
  }
}

/** Encoding applied to each secret before it reaches the file (safeStorage in Electron, identity here). */
export interface SecretCodec {
  encode(secret: string): string;
  decode(stored: string): string;
}

const PLAIN: SecretCodec = { encode: (s) => s, decode: (s) => s };

/** A JSON file readable by the user only; writes are atomic (temp file, then rename). */
export class FileVault implements SecretVault {
  constructor(
    private readonly file: string,
    private readonly codec: SecretCodec = PLAIN,
  ) {}

  get(id: string): string | undefined {
    const stored = this.read()[id];
    return stored === undefined ? undefined : this.codec.decode(stored);
  }

  set(id: string, secret: string): void {
    this.write({ ...this.read(), [id]: this.codec.encode(secret) });
  }

  delete(id: string): void {
    const all = this.read();
    delete all[id];
    this.write(all);
  }

  private read(): Record<string, string> {
    if (!existsSync(this.file)) return {};
    return JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, string>;
  }

  private write(all: Record<string, string>): void {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, JSON.stringify(all), { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, this.file);
  }
}

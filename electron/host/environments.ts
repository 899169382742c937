import { randomString } from '../../shared/ids.js';
import type { EnvironmentSummary } from '../../shared/bridge.js';
import type { MetaRepository } from '../store/repositories/meta-repo.js';
import type { SecretVault } from './vault.js';

export const EMBEDDED_ENVIRONMENT_ID = 'embedded';
const ENVIRONMENTS_KEY = 'workbench.environments';
const ACTIVE_KEY = 'workbench.active_environment';

/** An environment the workbench talks to, with its secret (host side only). */
export interface Environment {
  id: string;
  name: string;
  kind: 'embedded' | 'remote';
  base_url: string;
  client_id: string;
  client_secret: string;
}

type StoredRemote = Omit<Environment, 'client_secret' | 'kind'>;

export const maskSecret = (secret: string): string => '••••••••' + secret.slice(-4);

/**
 * The embedded sandbox (always there, configured automatically) and the remote environments the user
 * added. Names and URLs live in the workspace database; secrets only in the vault.
 */
export class Environments {
  constructor(
    private readonly meta: MetaRepository,
    private readonly vault: SecretVault,
    private readonly embedded: () => Environment,
  ) {}

  list(): Environment[] {
    const remotes = this.remotes().map((r) => ({
      ...r,
      kind: 'remote' as const,
      client_secret: this.vault.get(r.id) ?? '',
    }));
    return [this.embedded(), ...remotes];
  }

  active(): Environment {
    const id = this.meta.get(ACTIVE_KEY) ?? EMBEDDED_ENVIRONMENT_ID;
    return this.list().find((e) => e.id === id) ?? this.embedded();
  }

  get(id: string): Environment | undefined {
    return this.list().find((e) => e.id === id);
  }

  add(input: { name: string; base_url: string; client_id: string; client_secret: string }): Environment {
    const id = 'env-' + randomString('abcdefghijklmnopqrstuvwxyz0123456789', 10);
    const remote: StoredRemote = {
      id,
      name: input.name,
      base_url: input.base_url.replace(/\/+$/, ''),
      client_id: input.client_id,
    };
    this.vault.set(id, input.client_secret);
    this.meta.store.transaction(() =>
      this.meta.set(ENVIRONMENTS_KEY, JSON.stringify([...this.remotes(), remote])),
    );
    return { ...remote, kind: 'remote', client_secret: input.client_secret };
  }

  remove(id: string): boolean {
    const remotes = this.remotes();
    if (!remotes.some((r) => r.id === id)) return false;
    this.meta.store.transaction(() => {
      this.meta.set(ENVIRONMENTS_KEY, JSON.stringify(remotes.filter((r) => r.id !== id)));
      if (this.meta.get(ACTIVE_KEY) === id) this.meta.set(ACTIVE_KEY, EMBEDDED_ENVIRONMENT_ID);
    });
    this.vault.delete(id);
    return true;
  }

  select(id: string): Environment | undefined {
    const environment = this.get(id);
    if (environment) this.meta.store.transaction(() => this.meta.set(ACTIVE_KEY, id));
    return environment;
  }

  /** What the renderer may see: the secret masked. */
  summary(environment: Environment): EnvironmentSummary {
    return {
      id: environment.id,
      name: environment.name,
      kind: environment.kind,
      base_url: environment.base_url,
      client_id: environment.client_id,
      client_secret_masked: maskSecret(environment.client_secret),
      active: environment.id === this.active().id,
    };
  }

  private remotes(): StoredRemote[] {
    const raw = this.meta.get(ENVIRONMENTS_KEY);
    return raw ? (JSON.parse(raw) as StoredRemote[]) : [];
  }
}

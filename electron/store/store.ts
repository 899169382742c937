import type { StoreLocation } from './connection.js';
import { Database } from './db.js';
import { AccountsRepository } from './repositories/accounts-repo.js';
import { AppsRepository } from './repositories/apps-repo.js';
import { IdempotencyRepository } from './repositories/idempotency-repo.js';
import { JobsRepository } from './repositories/jobs-repo.js';
import { MetaRepository } from './repositories/meta-repo.js';
import { ResourcesRepository } from './repositories/resources-repo.js';
import { TokensRepository } from './repositories/tokens-repo.js';

/** The database and its repositories, opened once per workspace. */
export class Store {
  readonly db: Database;
  readonly meta: MetaRepository;
  readonly accounts: AccountsRepository;
  readonly apps: AppsRepository;
  readonly tokens: TokensRepository;
  readonly resources: ResourcesRepository;
  readonly idempotency: IdempotencyRepository;
  readonly jobs: JobsRepository;

  constructor(location: StoreLocation) {
    this.db = new Database(location);
    this.meta = new MetaRepository(this.db);
    this.accounts = new AccountsRepository(this.db);
    this.apps = new AppsRepository(this.db);
    this.tokens = new TokensRepository(this.db);
    this.resources = new ResourcesRepository(this.db);
    this.idempotency = new IdempotencyRepository(this.db);
    this.jobs = new JobsRepository(this.db);
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work);
  }

  close(): void {
    this.db.close();
  }
}

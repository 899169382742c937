import type { MetaRepository } from '../../../store/repositories/meta-repo.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import { detail, notAuthorized } from '../../pipeline/api-error.js';

const KEY = 'vault.not_onboarded';

/**
 * Which merchants are onboarded to the vault. Every sandbox merchant is, until the test helper takes
 * one off (`POST /v1/test-helpers/vault/onboarding {"vault_enabled": false}`): then every vault call
 * made for it, and every order that names `vault_id` or `store_in_vault`, answers 403
 * NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE (spec part 7). Kept in the workspace's settings; a reset clears it.
 */
export class VaultOnboarding {
  constructor(private readonly meta: MetaRepository) {}

  private offboarded(): string[] {
    const stored = this.meta.get(KEY);
    if (!stored) return [];
    try {
      const parsed: unknown = JSON.parse(stored);
      return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  }

  isEnabled(merchantId: string): boolean {
    return !this.offboarded().includes(merchantId);
  }

  set(merchantId: string, enabled: boolean): void {
    const others = this.offboarded().filter((id) => id !== merchantId);
    this.meta.set(KEY, JSON.stringify(enabled ? others : [...others, merchantId]));
  }

  /** 403 when the merchant the call acts for may not vault (`field` names what asked for the vault). */
  require(merchant: Account, field: string, location: 'body' | 'path' | 'query' = 'body'): void {
    if (this.isEnabled(merchant.id)) return;
    throw notAuthorized(
      detail('NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE', {
        field,
        location,
        description: `The merchant ${merchant.id} is not onboarded to the vault (sandbox: POST /v1/test-helpers/vault/onboarding with vault_enabled true).`,
      }),
    );
  }

  reset(): void {
    this.meta.set(KEY, '');
  }
}

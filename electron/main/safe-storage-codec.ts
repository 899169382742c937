import type { SecretCodec } from '../host/vault.js';

/** Electron's `safeStorage`, reduced to what the vault uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/**
 * Secrets encrypted with the OS keychain (Keychain, DPAPI, libsecret) before they reach the vault file.
 * Refuses to store secrets in the clear when the OS offers no encryption.
 */
export function safeStorageCodec(safeStorage: SafeStorageLike): SecretCodec {
  return {
    encode(secret) {
      if (!safeStorage.isEncryptionAvailable())
        throw new Error('The operating system offers no secret storage; the secret was not saved.');
      return safeStorage.encryptString(secret).toString('base64');
    },
    decode(stored) {
      return safeStorage.decryptString(Buffer.from(stored, 'base64'));
    },
  };
}

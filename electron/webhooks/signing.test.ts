import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crc32Decimal, signedString, signTransmission, verifyTransmission } from './signing.js';

describe('transmission signatures (spec 6.6)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('uses the standard CRC32 of the exact bytes, in unsigned decimal', () => {
    expect(crc32Decimal('123456789')).toBe('3421780262'); // the CRC-32 check value, 0xCBF43926
    expect(crc32Decimal(Buffer.from('{"a":1}'))).not.toBe(crc32Decimal(Buffer.from('{"a": 1}')));
    expect(signedString('tid', '2026-01-01T00:00:00Z', 'WH1', '123456789')).toBe(
      'tid|2026-01-01T00:00:00Z|WH1|3421780262',
    );
  });

  it('verifies a genuine signature and rejects any change', () => {
    const message = signedString('tid', '2026-01-01T00:00:00Z', 'WH1', '{"id":"x"}');
    const signature = signTransmission(privateKey, message);
    expect(verifyTransmission(publicKey, message, signature)).toBe(true);
    expect(verifyTransmission(publicKey, message.replace('WH1', 'WH2'), signature)).toBe(false);
    expect(
      verifyTransmission(
        publicKey,
        signedString('tid', '2026-01-01T00:00:00Z', 'WH1', '{"id":"y"}'),
        signature,
      ),
    ).toBe(false);
    const flipped = Buffer.from(signature, 'base64');
    flipped[10] = (flipped[10] ?? 0) ^ 1;
    expect(verifyTransmission(publicKey, message, flipped.toString('base64'))).toBe(false);
    expect(verifyTransmission(publicKey, message, 'not base64!')).toBe(false);
    expect(verifyTransmission(publicKey, message, '')).toBe(false);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostsPerTest } from '../test-support/harness-per-test.js';
import { DATABASE_FILE } from '../store/connection.js';
import { REQUEST_LOG_FILE } from '../store/log-database.js';
import { startHarness, TEST_CLIENT_SECRET } from '../test-support/api-harness.js';
import { createHost } from './create-host.js';
import { MemoryVault } from './vault.js';
import { WorkbenchService } from './workbench-service.js';
import { thirdPartyOperation } from '../../shared/api/partner-referrals/third-party-operation.js';

/**
 * Secrets go in through the API and never come out in clear: not in the workspace's database files
 * (read as bytes, the write-ahead log included, so the events and the mailbox in them too), the request
 * log as the workbench reads it, or the HAR export.
 */

/** A 9-digit ACH account number: short of the 12-digit runs a card-number pattern would catch. */
const ACH_ACCOUNT = '402817395';
/** An IBAN whose digit runs are all short. */
const IBAN = 'NL91ABNA0417164300';
const CARD = '5555555555554444';
const SECURITY_CODE = '"8642"';
const PASSWORD = 'Sup3r-Secret-Passw0rd!';
/** What a partner referral without SHARE_DATA_CONSENT may not keep about the owner. */
const OWNER = {
  given: 'Zephyrine',
  surname: 'Quillfeather',
  birth: '1979-03-14',
  phone: '4085550123',
  street: '77 Obscurity Lane',
};

const SECRETS = [
  ACH_ACCOUNT,
  IBAN,
  CARD,
  SECURITY_CODE,
  PASSWORD,
  TEST_CLIENT_SECRET,
  ...Object.values(OWNER),
];

const hosts = hostsPerTest(startHarness);

/** The workspace's database files and the request log's as bytes (latin1 keeps every byte one character). */
function databaseBytes(dir: string): string {
  return [DATABASE_FILE, REQUEST_LOG_FILE]
    .flatMap((name) => [name, `${name}-wal`])
    .map((name) => join(dir, name))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file).toString('latin1'))
    .join('\n');
}

function expectAbsent(text: string, where: string, secrets: readonly string[] = SECRETS): void {
  for (const secret of secrets) expect(text.includes(secret), `${secret} found in ${where}`).toBe(false);
}

describe('secrets at rest and in logs', () => {
  it('no account number, IBAN, card, CVV, password, client secret or unconsented owner data is kept', async () => {
    const dir = hosts.workspace('secrets-at-rest-');
    const h = await hosts.start({ dataDir: dir });
    const key = (n: string) => ({ 'svc-request-id': `secrets-${n}` });
    const replies = [
      await h.request('POST', '/v3/vault/payment-tokens', {
        headers: key('ach'),
        body: {
          payment_source: {
            bank: {
              ach_debit: {
                account_number: ACH_ACCOUNT,
                routing_number: '011000015',
                account_type: 'CHECKING',
                account_holder_name: 'Bailey Buyer',
              },
            },
          },
        },
      }),
      await h.request('POST', '/v3/vault/payment-tokens', {
        headers: key('sepa'),
        body: {
          payment_source: { bank: { sepa_debit: { iban: IBAN, account_holder_name: 'Bailey Buyer' } } },
        },
      }),
      // Refused (the account number has letters): a refused request's secrets are as real.
      await h.request('POST', '/v3/vault/payment-tokens', {
        headers: key('ach-bad'),
        body: { payment_source: { bank: { ach_debit: { account_number: `${ACH_ACCOUNT}x` } } } },
      }),
      await h.request('POST', '/v3/vault/setup-tokens', {
        headers: key('card'),
        body: {
          payment_source: {
            card: { number: CARD, expiry: '2030-12', security_code: JSON.parse(SECURITY_CODE) },
          },
        },
      }),
      await h.request('POST', '/v1/test-helpers/accounts', {
        body: {
          email: 'secretive@example.org',
          type: 'PERSONAL',
          cards: [{ number: CARD, expiry: '2031-01' }],
          bank_accounts: [{ account_number: ACH_ACCOUNT, routing_number: '021000021' }],
        },
      }),
    ];
    const user = await h.request('POST', '/v2/scim/Users', {
      body: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'secretive01' },
    });
    replies.push(
      user,
      await h.request('PATCH', `/v2/scim/Users/${String(user.body?.id)}`, {
        body: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', path: 'password', value: PASSWORD }],
        },
      }),
      await h.request('POST', '/v2/customer/partner-referrals', {
        body: {
          tracking_id: 'secretive-seller',
          email: 'secretive-seller@example.org',
          products: ['EXPRESS_CHECKOUT'],
          operations: [thirdPartyOperation(['PAYMENT'])],
          legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: false }],
          individual_owners: [
            {
              type: 'PRIMARY',
              names: [{ given_name: OWNER.given, surname: OWNER.surname, type: 'LEGAL' }],
              birth_details: { date_of_birth: OWNER.birth },
              phones: [{ country_code: '1', national_number: OWNER.phone, type: 'MOBILE' }],
              addresses: [
                {
                  address_line_1: OWNER.street,
                  admin_area_2: 'San Jose',
                  admin_area_1: 'CA',
                  postal_code: '95131',
                  country_code: 'US',
                  type: 'HOME',
                },
              ],
            },
          ],
        },
      }),
    );
    expect(replies.map((r) => r.status)).toEqual([201, 201, 400, 201, 201, 201, 400, 201]);
    for (const reply of replies) expectAbsent(reply.text, 'a response');

    // What the workbench shows: the request log (list and each entry) and the HAR export.
    const service = new WorkbenchService(h.host, {
      mode: 'browser',
      version: '0.0.0-test',
      vault: new MemoryVault(),
      embeddedBaseUrl: 'http://127.0.0.1:9',
    });
    const log = (await service.call('listRequestLog', {})) as { items: { id: number }[] };
    expect(log.items.length).toBeGreaterThanOrEqual(replies.length);
    const entries = await Promise.all(
      log.items.map((item) => service.call('getRequestLogEntry', { id: item.id })),
    );
    expectAbsent(JSON.stringify(log), 'the request log list');
    expectAbsent(JSON.stringify(entries), 'a request log entry');
    // The log still tells what was sent: the last four characters stay.
    expect(JSON.stringify(entries)).toContain('••••7395');
    expect(JSON.stringify(entries)).toContain('••••4300');
    expectAbsent(JSON.stringify(await service.call('exportHar', {})), 'the HAR export');

    // The database files, events and mailbox included, while open (main file and WAL) and after close.
    await h.host.deps.store.db.committed();
    expectAbsent(databaseBytes(dir), 'the open database files');
    await h.close();
    expectAbsent(databaseBytes(dir), 'the closed database file');
    // The log's own file is among them, with what it may keep.
    expect(readFileSync(join(dir, REQUEST_LOG_FILE)).toString('latin1')).toContain('7395');
  });

  it('a generated client secret is kept as a derivation; the vault holds it and tokens still come', async () => {
    const dir = hosts.workspace('secrets-app-');
    const vault = new MemoryVault();
    const first = createHost({ location: { kind: 'dir', dir }, secrets: vault });
    const secret = first.sandboxSecret;
    expect(first.generatedCredentials).toBe(true);
    expect(secret.length).toBeGreaterThan(20);
    const token = async (host: typeof first, clientSecret: string) =>
      (
        await host.api.app.inject({
          method: 'POST',
          url: '/v1/oauth2/token',
          headers: {
            authorization: `Basic ${Buffer.from(`${host.sandboxApp.client_id}:${clientSecret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: 'grant_type=client_credentials',
        })
      ).statusCode;
    expect(await token(first, secret)).toBe(200);
    expect(await token(first, `${secret}x`)).toBe(401);
    await first.api.app.ready();
    await first.deps.store.db.committed();
    expectAbsent(databaseBytes(dir), 'the database', [secret]);
    await first.close();
    expectAbsent(databaseBytes(dir), 'the database', [secret]);

    // The next start finds the secret in the vault: the same one, not printed again.
    const second = createHost({ location: { kind: 'dir', dir }, secrets: vault });
    expect(second.generatedCredentials).toBe(false);
    expect(second.sandboxSecret).toBe(secret);
    expect(await token(second, secret)).toBe(200);
    await second.close();

    // A vault that lost it: a new secret, printed like a first one; the old one no longer works.
    const third = createHost({ location: { kind: 'dir', dir }, secrets: new MemoryVault() });
    expect(third.generatedCredentials).toBe(true);
    expect(third.sandboxSecret).not.toBe(secret);
    expect(await token(third, secret)).toBe(401);
    expect(await token(third, third.sandboxSecret)).toBe(200);
    await third.close();
  });
});

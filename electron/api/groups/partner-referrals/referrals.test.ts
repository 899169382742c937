import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_MERCHANT } from '../../../store/seed.js';
import { startHarness, TEST_CLIENT_ID, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { thirdParty, tokenOf, V1, v1Body, V2, v2Body } from './partners-test-kit.js';
import { V2_PRODUCTS } from '../../../../shared/api/partner-referrals/schemas-v2.js';

let api: ApiHarness;
beforeEach(async () => {
  api = await startHarness();
});
afterEach(async () => {
  await api.close();
});

describe('partner referrals v2: create', () => {
  it('answers 201 with self and an action_url carrying the referral token', async () => {
    const reply = await api.request('POST', V2, { body: v2Body() });
    expect(reply.status, reply.text).toBe(201);
    const token = tokenOf(reply);
    expect(token).toMatch(/^[A-Za-z0-9]{40,}$/);
    expect(reply.body.links).toEqual([
      expect.objectContaining({
        rel: 'self',
        method: 'GET',
        href: expect.stringMatching(new RegExp(`${V2}/${token}$`)),
      }),
      expect.objectContaining({
        rel: 'action_url',
        method: 'GET',
        href: expect.stringContaining(`/merchantsignup/partner/onboardingentry?token=${token}`),
      }),
    ]);
  });

  it('reads the referral data back by the self link', async () => {
    const created = await api.request('POST', V2, { body: v2Body() });
    const read = await api.request('GET', `${V2}/${tokenOf(created)}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      partner_referral_id: tokenOf(created),
      submitter_payer_id: SEED_MERCHANT.id,
      submitter_client_id: TEST_CLIENT_ID,
      referral_data: {
        tracking_id: 'seller-0001',
        email: 'new-seller@example.org',
        products: ['EXPRESS_CHECKOUT'],
      },
    });
    expectError(await api.request('GET', `${V2}/doesnotexist`), 'RESOURCE_NOT_FOUND');
  });

  it('without SHARE_DATA_CONSENT stores nothing of the customer', async () => {
    const created = await api.request('POST', V2, {
      body: v2Body({
        legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: false }],
        individual_owners: [
          { type: 'PRIMARY', names: [{ type: 'LEGAL', given_name: 'Ada', surname: 'Owner' }] },
        ],
        business_entity: { names: [{ business_name: 'Secret Co', type: 'LEGAL_NAME' }] },
        legal_country_code: 'DE',
        preferred_language_code: 'de-DE',
      }),
    });
    expect(created.status, created.text).toBe(201);
    const read = await api.request('GET', `${V2}/${tokenOf(created)}`);
    const data = read.body.referral_data;
    expect(data.tracking_id).toBe('seller-0001');
    for (const member of [
      'email',
      'individual_owners',
      'business_entity',
      'legal_country_code',
      'preferred_language_code',
    ])
      expect(data[member], member).toBeUndefined();
    const stored = JSON.stringify(
      api.host.deps.store.db
        .prepare('SELECT body, internal FROM resources WHERE kind = ?')
        .all('partner-referral'),
    );
    expect(stored).not.toContain('Secret Co');
    expect(stored).not.toContain('new-seller@example.org');
    expect(stored).not.toContain('Ada');
  });

  const owner = (type: string) => ({ type, names: [{ type: 'LEGAL', given_name: 'A', surname: 'B' }] });
  const rules: [string, Record<string, unknown>, string, string][] = [
    [
      'three owners',
      { individual_owners: [owner('PRIMARY'), owner('SECONDARY'), owner('SECONDARY')] },
      '/individual_owners',
      'INVALID_ARRAY_MAX_ITEMS',
    ],
    [
      'two primary owners',
      { individual_owners: [owner('PRIMARY'), owner('PRIMARY')] },
      '/individual_owners',
      'PRIMARY_OWNER_REQUIRED',
    ],
    [
      'owners without a primary',
      { individual_owners: [owner('SECONDARY')] },
      '/individual_owners',
      'PRIMARY_OWNER_REQUIRED',
    ],
    ['an empty tracking_id', { tracking_id: '' }, '/tracking_id', 'INVALID_STRING_LENGTH'],
    [
      'a 128-character tracking_id',
      { tracking_id: 't'.repeat(128) },
      '/tracking_id',
      'INVALID_STRING_MAX_LENGTH',
    ],
    ['no operations', { operations: undefined }, '/operations', 'MISSING_REQUIRED_PARAMETER'],
    ['zero operations', { operations: [] }, '/operations', 'INVALID_ARRAY_MIN_ITEMS'],
    ['six operations', { operations: Array(6).fill(thirdParty()) }, '/operations', 'INVALID_ARRAY_MAX_ITEMS'],
    ['zero products', { products: [] }, '/products', 'INVALID_ARRAY_MIN_ITEMS'],
    [
      'six products',
      {
        products: V2_PRODUCTS.slice(0, 6),
      },
      '/products',
      'INVALID_ARRAY_MAX_ITEMS',
    ],
    ['an unknown product', { products: ['TELEPORT'] }, '/products/0', 'INVALID_PARAMETER_VALUE'],
    [
      'a product twice',
      { products: ['EXPRESS_CHECKOUT', 'EXPRESS_CHECKOUT'] },
      '/products/1',
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'ADVANCED_VAULTING alone',
      { products: ['ADVANCED_VAULTING'] },
      '/products/0',
      'PRODUCT_PREREQUISITE_MISSING',
    ],
    [
      'capabilities without products',
      { products: undefined, capabilities: ['PAY_UPON_INVOICE'] },
      '/capabilities',
      'CAPABILITY_REQUIRES_PRODUCTS',
    ],
    [
      'six capabilities',
      { products: ['PAYMENT_METHODS'], capabilities: Array(6).fill('PAY_UPON_INVOICE') },
      '/capabilities',
      'INVALID_ARRAY_MAX_ITEMS',
    ],
    [
      'PAY_UPON_INVOICE without PAYMENT_METHODS',
      { capabilities: ['PAY_UPON_INVOICE'] },
      '/capabilities/0',
      'CAPABILITY_PREREQUISITE_MISSING',
    ],
    [
      'wallet vaulting without ADVANCED_VAULTING',
      { capabilities: ['SVC_WALLET_VAULTING_ADVANCED'] },
      '/capabilities/0',
      'CAPABILITY_PREREQUISITE_MISSING',
    ],
    [
      'zero outside_process_dependencies',
      { outside_process_dependencies: [] },
      '/outside_process_dependencies',
      'INVALID_ARRAY_MIN_ITEMS',
    ],
    ['no legal_consents', { legal_consents: undefined }, '/legal_consents', 'MISSING_REQUIRED_PARAMETER'],
    [
      'six legal_consents',
      { legal_consents: Array(6).fill({ type: 'SHARE_DATA_CONSENT', granted: true }) },
      '/legal_consents',
      'INVALID_ARRAY_MAX_ITEMS',
    ],
    ['a 2-character email', { email: 'a@' }, '/email', 'INVALID_PARAMETER_SYNTAX'],
    [
      'a 255-character email',
      { email: `${'a'.repeat(245)}@example.o` },
      '/email',
      'INVALID_STRING_MAX_LENGTH',
    ],
    [
      'a 1-character language',
      { preferred_language_code: 'e' },
      '/preferred_language_code',
      'INVALID_STRING_LENGTH',
    ],
    ['a lowercase country', { legal_country_code: 'us' }, '/legal_country_code', 'INVALID_PARAMETER_SYNTAX'],
    ['a 3-letter country', { legal_country_code: 'USA' }, '/legal_country_code', 'INVALID_PARAMETER_SYNTAX'],
    [
      'a non-boolean show_add_credit_card',
      { partner_config_override: { show_add_credit_card: 'yes' } },
      '/partner_config_override/show_add_credit_card',
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'a javascript: return_url',
      { partner_config_override: { return_url: 'javascript:alert(1)' } },
      '/partner_config_override/return_url',
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'a THIRD_PARTY integration without features',
      {
        operations: [
          {
            operation: 'API_INTEGRATION',
            api_integration_preference: {
              rest_api_integration: { integration_method: 'SVC', integration_type: 'THIRD_PARTY' },
            },
          },
        ],
      },
      '/operations/0/api_integration_preference/rest_api_integration/third_party_details',
      'MISSING_REQUIRED_PARAMETER',
    ],
    [
      'a FIRST_PARTY integration without first_party_details',
      {
        operations: [
          {
            operation: 'API_INTEGRATION',
            api_integration_preference: {
              rest_api_integration: { integration_method: 'SVC', integration_type: 'FIRST_PARTY' },
            },
          },
        ],
      },
      '/operations/0/api_integration_preference/rest_api_integration/first_party_details',
      'MISSING_REQUIRED_PARAMETER',
    ],
    [
      'an unknown feature',
      { operations: [thirdParty(['TELEPORT'])] },
      '/operations/0/api_integration_preference/rest_api_integration/third_party_details/features/0',
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'an owner born on no date',
      { individual_owners: [{ ...owner('PRIMARY'), birth_details: { date_of_birth: '1990-13-01' } }] },
      '/individual_owners/0/birth_details/date_of_birth',
      'INVALID_PARAMETER_SYNTAX',
    ],
    [
      'a volume range in no currency',
      {
        business_entity: {
          annual_sales_volume_range: { minimum_amount: { currency_code: 'usd', value: '1' } },
        },
      },
      '/business_entity/annual_sales_volume_range/minimum_amount/currency_code',
      'INVALID_PARAMETER_SYNTAX',
    ],
    [
      'API_INTEGRATION without a preference',
      { operations: [{ operation: 'API_INTEGRATION' }] },
      '/operations/0/api_integration_preference',
      'MISSING_REQUIRED_PARAMETER',
    ],
  ];
  it.each(rules)('refuses %s with 400', async (_name, extra, field, issue) => {
    const reply = await api.request('POST', V2, { body: v2Body(extra) });
    expectError(reply, 'INVALID_REQUEST', { issue: issue as never, field, location: 'body' });
  });

  it('accepts the boundaries: C2, two owners with one primary, five products and capabilities with prerequisites', async () => {
    const reply = await api.request('POST', V2, {
      body: v2Body({
        legal_country_code: 'C2',
        tracking_id: 't'.repeat(127),
        individual_owners: [owner('PRIMARY'), owner('SECONDARY')],
        products: V2_PRODUCTS.slice(0, 5),
        capabilities: ['SVC_WALLET_VAULTING_ADVANCED', 'PAY_UPON_INVOICE', 'APPLE_PAY', 'GOOGLE_PAY'],
        email: 'a@b.co',
        preferred_language_code: 'en',
      }),
    });
    expect(reply.status, reply.text).toBe(201);
  });
});

describe('partner referrals v1 (deprecated)', () => {
  it('answers 201 with self and action_url, and reads the data back with legal_agreements after onboarding', async () => {
    const created = await api.request('POST', V1, { body: v1Body(SEED_MERCHANT.id) });
    expect(created.status, created.text).toBe(201);
    const token = tokenOf(created);
    expect(created.body.links[0].href).toMatch(new RegExp(`${V1}/${token}$`));
    const read = await api.request('GET', `${V1}/${token}`);
    expect(read.body.referral_data.customer_data.person_details.email_address).toBe('v1-seller@example.org');
    await api.request('POST', `/v1/test-helpers/partner-referrals/${token}/onboard`, {
      body: { email: 'v1-seller@example.org' },
    });
    const after = await api.request('GET', `${V1}/${token}`);
    expect(after.body.referral_data.legal_agreements).toEqual([
      expect.objectContaining({ type: 'USER_AGREEMENT', accepted_time: expect.any(String) }),
    ]);
  });

  it('is marked deprecated in the OpenAPI document with its replacement', async () => {
    const doc = await api.request('GET', '/openapi.json');
    const operation = doc.body.paths['/v1/customer/partner-referrals'].post;
    expect(operation.deprecated).toBe(true);
    expect(JSON.stringify(operation)).toContain('Partner referrals v2');
  });

  it('without SHARE_DATA_CONSENT keeps only the partner identifiers of the customer data', async () => {
    const created = await api.request('POST', V1, {
      body: v1Body(SEED_MERCHANT.id, {
        collected_consents: [{ type: 'SHARE_DATA_CONSENT', granted: false }],
      }),
    });
    const read = await api.request('GET', `${V1}/${tokenOf(created)}`);
    expect(read.body.referral_data.customer_data).toEqual({
      customer_type: 'MERCHANT',
      partner_specific_identifiers: [{ type: 'TRACKING_ID', value: 'v1-seller' }],
    });
  });

  it('refuses another partner id (403), API_INTEGRATION without its preference and THIRD_PARTY without permissions (400)', async () => {
    expectError(await api.request('POST', V1, { body: v1Body('ABCDEFGHJKLMN') }), 'NOT_AUTHORIZED', {
      issue: 'PARTNER_ID_MISMATCH',
      field: '/requested_capabilities/0/api_integration_preference/partner_id',
    });
    expectError(
      await api.request('POST', V1, {
        body: v1Body(SEED_MERCHANT.id, { requested_capabilities: [{ capability: 'API_INTEGRATION' }] }),
      }),
      'INVALID_REQUEST',
      { issue: 'MISSING_REQUIRED_PARAMETER', field: '/requested_capabilities/0/api_integration_preference' },
    );
    expectError(
      await api.request('POST', V1, {
        body: v1Body(SEED_MERCHANT.id, {
          requested_capabilities: [
            {
              capability: 'API_INTEGRATION',
              api_integration_preference: {
                partner_id: SEED_MERCHANT.id,
                classic_api_integration_type: 'THIRD_PARTY',
              },
            },
          ],
        }),
      }),
      'INVALID_REQUEST',
      {
        issue: 'MISSING_REQUIRED_PARAMETER',
        field: '/requested_capabilities/0/api_integration_preference/classic_third_party_details',
      },
    );
  });

  it('refuses missing capabilities, consents and products, unknown products and customer types', async () => {
    const base = v1Body(SEED_MERCHANT.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ requested_capabilities: [] }, '/requested_capabilities', 'INVALID_ARRAY_MIN_ITEMS'],
      [{ collected_consents: undefined }, '/collected_consents', 'MISSING_REQUIRED_PARAMETER'],
      [{ products: ['TELEPORT'] }, '/products/0', 'INVALID_PARAMETER_VALUE'],
      [{ products: ['ADVANCED_VAULTING'] }, '/products/0', 'PRODUCT_PREREQUISITE_MISSING'],
      [
        { customer_data: { customer_type: 'ALIEN' } },
        '/customer_data/customer_type',
        'INVALID_PARAMETER_VALUE',
      ],
      [
        { web_experience_preference: { return_url: 'ftp://x.example' } },
        '/web_experience_preference/return_url',
        'INVALID_PARAMETER_VALUE',
      ],
    ];
    for (const [extra, field, issue] of cases) {
      expectError(await api.request('POST', V1, { body: { ...base, ...extra } }), 'INVALID_REQUEST', {
        issue: issue as never,
        field,
      });
    }
  });
});

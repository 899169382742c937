import { describe, expect, it } from 'vitest';
import { bodyOf, EMPTY_FORM, formOf, formProblems } from './profile-form-model';

describe('the web profile form', () => {
  it('sends only what it sets', () => {
    expect(bodyOf({ ...EMPTY_FORM, name: ' Shop ' })).toEqual({ name: 'Shop', temporary: false });
    expect(
      bodyOf({
        ...EMPTY_FORM,
        name: 'Shop',
        brand_name: 'Acme',
        no_shipping: '1',
        landing_page_type: 'Billing',
        allow_note: true,
      }),
    ).toEqual({
      name: 'Shop',
      temporary: false,
      flow_config: { landing_page_type: 'Billing' },
      input_fields: { no_shipping: 1, allow_note: true },
      presentation: { brand_name: 'Acme' },
    });
  });

  it('round-trips a profile', () => {
    const profile = {
      id: 'XP-AAAA-BBBB-CCCC-DDDD',
      name: 'Full',
      temporary: true,
      flow_config: {
        landing_page_type: 'login',
        user_action: 'commit',
        bank_txn_pending_url: 'https://e.com/p',
      },
      input_fields: { no_shipping: 2, address_override: 1, allow_note: true },
      presentation: { brand_name: 'Acme', logo_image: 'https://e.com/l.png', locale_code: 'US' },
    };
    const { id: _id, ...body } = profile;
    expect(bodyOf(formOf(profile))).toEqual({
      ...body,
      flow_config: { ...body.flow_config, landing_page_type: 'Login' },
    });
  });

  it('reports what the API would refuse', () => {
    expect(formProblems(EMPTY_FORM).name).toBeDefined();
    expect(formProblems({ ...EMPTY_FORM, name: 'x'.repeat(51) }).name).toBeDefined();
    expect(formProblems({ ...EMPTY_FORM, name: 'ok', logo_image: 'javascript:x' }).logo_image).toBeDefined();
    expect(formProblems({ ...EMPTY_FORM, name: 'ok' })).toEqual({});
  });
});

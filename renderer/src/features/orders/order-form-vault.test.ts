import { describe, expect, it } from 'vitest';
import {
  buildBody,
  draftForToken,
  initialDraft,
  testCard,
  validateDraft,
  type OrderDraft,
} from './order-form-model';

const now = new Date('2026-03-01T00:00:00Z');

describe('the create-order form and the vault', () => {
  it('sends store_in_vault (and the customer) with a card', () => {
    const draft: OrderDraft = {
      ...initialDraft(),
      source: 'card',
      card: testCard(now),
      vault: { store: true, customerId: 'customer_form_1' },
    };
    expect(buildBody(draft).payment_source?.card).toMatchObject({
      attributes: { vault: { store_in_vault: 'ON_SUCCESS' }, customer: { id: 'customer_form_1' } },
    });
    expect(validateDraft(draft, now).count).toBe(0);
  });

  it('sends store_in_vault with a wallet, and nothing of it when unchecked', () => {
    const wallet: OrderDraft = {
      ...initialDraft(),
      source: 'wallet',
      vault: { store: true, customerId: '' },
    };
    expect(buildBody(wallet).payment_source?.svc?.attributes).toEqual({
      vault: { store_in_vault: 'ON_SUCCESS' },
    });
    const plain: OrderDraft = { ...initialDraft(), source: 'card', card: testCard(now) };
    expect(buildBody(plain).payment_source?.card?.attributes).toBeUndefined();
  });

  it('refuses a vault customer id a list could not find', () => {
    const draft: OrderDraft = {
      ...initialDraft(),
      source: 'card',
      card: testCard(now),
      vault: { store: true, customerId: 'abc' },
    };
    expect(validateDraft(draft, now).fields['/payment_source/card/attributes/customer/id']).toContain(
      '7 to 36',
    );
  });

  it('charges a payment token: vault_id alone, for a card or a wallet', () => {
    expect(buildBody(draftForToken('8kk8451t', 'card')).payment_source).toEqual({
      card: { vault_id: '8kk8451t' },
    });
    expect(buildBody(draftForToken('8kk8451t', 'svc')).payment_source).toEqual({
      svc: { vault_id: '8kk8451t' },
    });
    expect(validateDraft(draftForToken('8kk8451t', 'card'), now).count).toBe(0);
    const empty = draftForToken('', 'card');
    expect(validateDraft(empty, now).fields['/payment_source/card/vault_id']).toContain('required');
  });
});

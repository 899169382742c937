import { describe, expect, it } from 'vitest';
import { checkDraft, describeField, emptyDraft, type InvoiceDraft } from './invoice-draft';

const draft = (overrides: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  ...emptyDraft(),
  items: [{ name: 'Sutures', quantity: '100', unitPrice: '5.00', taxName: 'Sales tax', taxPercent: '8.25' }],
  ...overrides,
});

describe('the invoice form draft', () => {
  it('computes the API total while the user types (100 x 5.00, 8.25% tax, 1% off, 10.00 shipping)', () => {
    const check = checkDraft(draft({ discountPercent: '1', shipping: '10.00' }));
    expect(check.problems).toEqual([]);
    expect(check.totals?.total).toBe(54625n);
    expect(check.request).toMatchObject({ payment_term: { term_type: 'NET_30' }, discount: { percent: 1 } });
  });

  it('names what is wrong the way the API would', () => {
    const check = checkDraft(
      draft({ items: [{ name: '', quantity: 'two', unitPrice: '5.001', taxName: '', taxPercent: '' }] }),
    );
    expect(check.totals).toBeUndefined();
    expect(check.problems.map((p) => describeField(p.field))).toEqual(['Item 1 name', 'Item 1 quantity']);
    const precision = checkDraft(
      draft({ items: [{ name: 'A', quantity: '1', unitPrice: '5.001', taxName: '', taxPercent: '' }] }),
    );
    expect(precision.problems.map((p) => p.issue)).toEqual(['DECIMAL_PRECISION']);
  });

  it('a minimum amount due counts only with partial payments', () => {
    expect(checkDraft(draft({ minimumDue: '10.00' })).request?.minimum_amount_due).toBeUndefined();
    expect(checkDraft(draft({ allowPartial: true, minimumDue: '1000.00' })).problems[0]?.field).toBe(
      '/minimum_amount_due/value',
    );
  });

  it('a due date of its own replaces the term', () => {
    expect(checkDraft(draft({ termType: '', dueDate: '2026-06-01' })).request?.payment_term).toEqual({
      due_date: '2026-06-01',
    });
  });
});

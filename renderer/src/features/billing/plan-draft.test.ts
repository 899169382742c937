import { describe, expect, it } from 'vitest';
import { PlanCreateSchema } from '../../../../shared/api/subscriptions';
import { describeSchedule } from '../../../../shared/billing/schedule';
import {
  addTrial,
  buildPlanBody,
  draftSchedule,
  initialPlanDraft,
  removeCycle,
  serverFieldProblems,
  updateCycle,
  validatePlanDraft,
  type PlanDraft,
} from './plan-draft';

const PRODUCT = 'PROD-ABCDEFGHIJ1234567';

const named = (draft: PlanDraft): PlanDraft => ({ ...draft, name: 'Basic' });

describe('the plan form draft', () => {
  it('starts as a free month then twelve monthly payments, and builds a body the API schema takes', () => {
    const draft = named(initialPlanDraft(PRODUCT));
    expect(describeSchedule(draftSchedule(draft)).text).toBe('1 month free, then 12 x 10.00 USD monthly');
    const body = buildPlanBody(draft);
    expect(PlanCreateSchema.safeParse(body).success).toBe(true);
    expect(body.billing_cycles).toEqual([
      {
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        tenure_type: 'TRIAL',
        sequence: 1,
        total_cycles: 1,
      },
      {
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        tenure_type: 'REGULAR',
        sequence: 2,
        total_cycles: 12,
        pricing_scheme: { fixed_price: { currency_code: 'USD', value: '10.00' } },
      },
    ]);
    expect(body.payment_preferences).toEqual({
      auto_bill_outstanding: true,
      setup_fee_failure_action: 'CONTINUE',
      payment_failure_threshold: 3,
    });
    expect(validatePlanDraft(draft).count).toBe(0);
  });

  it('numbers the cycles in order, trials before the regular one, at most two trials', () => {
    let draft = addTrial(addTrial(named(initialPlanDraft(PRODUCT))));
    expect(draft.cycles.map((c) => c.tenure)).toEqual(['TRIAL', 'TRIAL', 'REGULAR']);
    expect(buildPlanBody(draft).billing_cycles.map((c) => c.sequence)).toEqual([1, 2, 3]);
    const regular = draft.cycles[2];
    draft = removeCycle(draft, regular?.key ?? 0);
    expect(draft.cycles).toHaveLength(3);
    draft = removeCycle(draft, draft.cycles[0]?.key ?? 0);
    expect(draft.cycles.map((c) => c.tenure)).toEqual(['TRIAL', 'REGULAR']);
  });

  it('sends the taxes, the setup fee and an endless regular cycle as the API names them', () => {
    const base = named(initialPlanDraft(PRODUCT));
    const draft: PlanDraft = {
      ...updateCycle(base, base.cycles[1]?.key ?? 0, { totalCycles: '0' }),
      setupFee: '25',
      taxPercentage: '8.25',
      taxInclusive: false,
    };
    const body = buildPlanBody(draft);
    expect(body.taxes).toEqual({ percentage: '8.25', inclusive: false });
    expect(body.payment_preferences.setup_fee).toEqual({ currency_code: 'USD', value: '25' });
    expect(body.billing_cycles[1]?.total_cycles).toBe(0);
    expect(describeSchedule(draftSchedule(draft)).text).toBe(
      '25.00 USD setup fee, then 1 month free, then 10.00 USD monthly until cancelled (8.25% tax added)',
    );
  });

  it('names each problem at the pointer the API would use', () => {
    const base = initialPlanDraft('');
    const regular = base.cycles[1]?.key ?? 0;
    const draft: PlanDraft = {
      ...updateCycle(base, regular, { price: '10.001', intervalCount: '13' }),
      setupFee: 'abc',
      taxPercentage: '101',
      paymentFailureThreshold: '-1',
    };
    const { fields } = validatePlanDraft(draft);
    expect(Object.keys(fields).sort()).toEqual(
      [
        '/billing_cycles/1/frequency/interval_count',
        '/billing_cycles/1/pricing_scheme/fixed_price/value',
        '/name',
        '/payment_preferences/payment_failure_threshold',
        '/payment_preferences/setup_fee/value',
        '/product_id',
        '/taxes/percentage',
      ].sort(),
    );
    expect(fields['/billing_cycles/1/pricing_scheme/fixed_price/value']).toMatch(
      /USD allows 2 decimal places/,
    );
  });

  it('checks the host’s rules across cycles as the draft is typed', () => {
    const draft = addTrial(named(initialPlanDraft(PRODUCT)));
    expect(validatePlanDraft(draft).fields['/billing_cycles']).toBe(
      'At most one trial billing cycle may be free.',
    );
    const priced = updateCycle(draft, draft.cycles[1]?.key ?? 0, { free: false, price: '5' });
    expect(validatePlanDraft(priced).count).toBe(0);
  });

  it('puts the API’s details on the inputs they name', () => {
    expect(
      serverFieldProblems([
        { field: '/billing_cycles/0/pricing_scheme/fixed_price', description: 'Missing.', location: 'body' },
        { field: '/payment_preferences/setup_fee', issue: 'CURRENCY_MISMATCH' },
        { field: 'svc-request-id', description: 'Too long.', location: 'header' },
      ]),
    ).toEqual({
      '/billing_cycles/0/pricing_scheme/fixed_price/value': 'Missing.',
      '/payment_preferences/setup_fee/value': 'CURRENCY_MISMATCH',
    });
  });
});

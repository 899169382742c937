import { describe, expect, it } from 'vitest';
import { orderMachine } from '../api/orders-v2/machines.js';
import { authorizationMachine, captureMachine } from '../api/payments-v2/machines.js';
import {
  actionsFrom,
  findTransition,
  initialState,
  isTerminal,
  legalTriggers,
  refusalOf,
} from './machine.js';

describe('state machines as data', () => {
  it('creates each resource in the state of its create trigger', () => {
    expect(initialState(orderMachine, 'create')).toBe('CREATED');
    expect(initialState(orderMachine, 'create-with-card')).toBe('APPROVED');
    expect(initialState(orderMachine, 'create-with-wallet')).toBe('PAYER_ACTION_REQUIRED');
    expect(() => initialState(orderMachine, 'capture')).toThrow(/does not create/);
  });

  it.each([
    ['CREATED', 'ORDER_NOT_APPROVED'],
    ['PAYER_ACTION_REQUIRED', 'ORDER_NOT_APPROVED'],
    ['APPROVED', undefined],
    ['COMPLETED', 'ORDER_ALREADY_COMPLETED'],
    ['VOIDED', 'ORDER_VOIDED'],
  ] as const)('an order in %s refuses capture with %s', (state, issue) => {
    expect(refusalOf(orderMachine, state, 'capture')).toBe(issue);
  });

  it.each([
    ['CREATED', 'void', undefined],
    ['VOIDED', 'void', 'AUTHORIZATION_VOIDED'],
    ['CAPTURED', 'void', 'CANNOT_BE_VOIDED'],
    ['EXPIRED', 'reauthorize', 'REAUTHORIZE_TOO_LATE'],
    ['PARTIALLY_CAPTURED', 'reauthorize', 'REAUTHORIZE_NOT_ALLOWED'],
    ['EXPIRED', 'capture', 'AUTHORIZATION_EXPIRED'],
    ['CAPTURED', 'final-capture', 'AUTHORIZATION_ALREADY_CAPTURED'],
  ] as const)('an authorization in %s refuses %s with %s', (state, trigger, issue) => {
    expect(refusalOf(authorizationMachine, state, trigger)).toBe(issue);
  });

  it('offers every caller trigger as an action, allowed or refused with its issue', () => {
    const fromApproved = actionsFrom(orderMachine, 'APPROVED');
    expect(fromApproved.map((a) => a.trigger)).toEqual(['approve', 'update', 'capture', 'authorize']);
    expect(fromApproved.find((a) => a.trigger === 'approve')).toMatchObject({
      allowed: false,
      issue: 'ORDER_CANNOT_BE_APPROVED',
    });
    expect(fromApproved.find((a) => a.trigger === 'capture')).toMatchObject({
      allowed: true,
      to: 'COMPLETED',
      label: 'Capture',
    });
    const refunded = actionsFrom(captureMachine, 'REFUNDED');
    expect(refunded.every((a) => !a.allowed && a.issue === 'CAPTURE_FULLY_REFUNDED')).toBe(true);
  });

  it('leaves system triggers out of the actions but keeps them in the machine', () => {
    expect(actionsFrom(orderMachine, 'APPROVED').map((a) => a.trigger)).not.toContain('reverse-approval');
    expect(findTransition(orderMachine, 'APPROVED', 'reverse-approval')?.to).toBe('VOIDED');
    expect(legalTriggers(authorizationMachine, 'CREATED')).toContain('expire');
  });

  it('knows the terminal states', () => {
    expect(isTerminal(orderMachine, 'VOIDED')).toBe(true);
    expect(isTerminal(orderMachine, 'APPROVED')).toBe(false);
    expect(isTerminal(captureMachine, 'REFUNDED')).toBe(true);
  });
});

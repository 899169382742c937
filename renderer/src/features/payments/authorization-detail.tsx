import Box from '@mui/material/Box';
import { useState } from 'react';
import type { ResourceDetail } from '../../../../shared/bridge';
import { authorizationMachine, type AuthorizationStatus } from '../../../../shared/api/payments-v2';
import { StateMachineView, type MachineAction } from '../../components/state-machine-view';
import { formatMinor, formatMoney, formatTime } from '../../api/format';
import { CaptureForm } from './capture-form';
import { authorizationActions, isOpenAuthorization, mayReauthorize } from './payment-availability';
import {
  childrenOf,
  minorOrZero,
  moneyAt,
  originalAuthorizationAmount,
  stringAt,
  sumMinor,
} from './payment-model';
import { AmountRow, FieldRow } from '../../components/detail-parts';
import { OptionalField, OrderField, RelatedSection } from './payment-parts';
import { useSimulatedNow } from '../../api/use-simulated-now';
import { useOrderOfAuthorization } from './payment-queries';
import { PaymentDetailLayout } from './payment-detail-layout';
import { ReauthorizeDialog } from './reauthorize-dialog';
import { honorPeriodEnd, reauthorizeCeilingHint } from './reauthorize-window';
import { VoidDialog } from './void-dialog';

/** Where the part that was not captured went, once the authorization is closed. */
const RELEASED_BY: Partial<Record<AuthorizationStatus, string>> = {
  CAPTURED: 'released by the final capture',
  VOIDED: 'released by the void',
  EXPIRED: 'released at expiry',
};

type Dialog = 'capture' | 'void' | 'reauthorize' | null;

/** An authorization: amounts, timing (honor period, reauthorize window, expiry), its machine and actions, its captures. */
export function AuthorizationDetail({ detail }: { detail: ResourceDetail }) {
  const { resource, summary, history, related } = detail;
  const id = summary.id;
  const status = summary.status as AuthorizationStatus;
  const [dialog, setDialog] = useState<Dialog>(null);
  const now = useSimulatedNow();

  const amount = moneyAt(resource, 'amount');
  const currency = amount?.currency_code ?? summary.amount?.currency_code ?? 'USD';
  const captures = childrenOf(related, 'capture', id);
  const amountMinor = minorOrZero(amount);
  const capturedMinor = sumMinor(captures, currency);
  const leftMinor = amountMinor > capturedMinor ? amountMinor - capturedMinor : 0n;
  const open = isOpenAuthorization(status);
  const remainingMinor = open ? leftMinor : 0n;

  const createTime = stringAt(resource, 'create_time') ?? summary.create_time;
  const expirationTime = stringAt(resource, 'expiration_time');
  const honorEnd = honorPeriodEnd(createTime, history);
  const expiredOnClock =
    now !== undefined && expirationTime !== undefined && now >= Date.parse(expirationTime);

  // The allowance is based on the original amount; after a reauthorization only the order still has it.
  const reauthorized = history.some((h) => h.trigger === 'reauthorize');
  const orderId = summary.root?.id ?? null;
  const order = useOrderOfAuthorization(orderId, reauthorized);
  const original = originalAuthorizationAmount(resource, reauthorized, order.data?.resource);
  const originalMinor = original ? minorOrZero(original) : undefined;

  const available = authorizationActions({
    status,
    remainingMinor,
    createTime,
    expirationTime,
    now,
    originalKnown: originalMinor !== undefined,
    originalLoading: order.isLoading,
  });
  const reauthWindow = available.window;
  const actions: MachineAction[] = [
    { key: 'capture', label: 'Capture', onClick: () => setDialog('capture'), ...available.capture },
    { key: 'void', label: 'Void', onClick: () => setDialog('void'), ...available.void },
    {
      key: 'reauthorize',
      label: 'Reauthorize',
      onClick: () => setDialog('reauthorize'),
      ...available.reauthorize,
    },
  ];

  return (
    <PaymentDetailLayout
      kind="authorization"
      detail={detail}
      fields={
        <>
          <AmountRow
            label="Amount"
            testId="payment-amount"
            hint={reauthorized && original ? `reauthorized; originally ${formatMoney(original)}` : undefined}
            amount={formatMoney(amount)}
          />
          <AmountRow
            label="Captured so far"
            testId="payment-captured"
            hint={`${captures.length} capture${captures.length === 1 ? '' : 's'}`}
            amount={formatMinor(capturedMinor, currency)}
          />
          <AmountRow
            label="Remaining"
            testId="payment-remaining"
            hint={
              !open && leftMinor > 0n
                ? `${formatMinor(leftMinor, currency)} ${RELEASED_BY[status] ?? ''}`
                : undefined
            }
            amount={formatMinor(remainingMinor, currency)}
          />
          <OrderField orderId={orderId} />
          <OptionalField label="Invoice id" value={stringAt(resource, 'invoice_id')} />
          <OptionalField label="Custom id" value={stringAt(resource, 'custom_id')} />
          <FieldRow label="Created">{formatTime(createTime)}</FieldRow>
          <FieldRow
            label="Honor period ends"
            testId="payment-honor-end"
            hint={
              now === undefined || !open
                ? undefined
                : now >= Date.parse(honorEnd)
                  ? 'over'
                  : 'funds guaranteed until then'
            }
          >
            {formatTime(honorEnd)}
          </FieldRow>
          <FieldRow
            label="Expires"
            testId="payment-expiration"
            hint={!open ? undefined : expiredOnClock ? 'passed' : 'after day 29'}
          >
            {formatTime(expirationTime)}
          </FieldRow>
          <FieldRow label="Reauthorize window" testId="payment-reauthorize-window">
            {!reauthWindow
              ? '…'
              : mayReauthorize(status) || reauthWindow.state === 'after'
                ? reauthWindow.message
                : `Not applicable (${status})`}
          </FieldRow>
          <FieldRow label="Seller protection">
            {stringAt(resource, 'seller_protection', 'status') ?? '—'}
          </FieldRow>
          <FieldRow label="Payee">
            {stringAt(resource, 'payee', 'email_address') ??
              stringAt(resource, 'payee', 'merchant_id') ??
              '—'}
          </FieldRow>
          <FieldRow label="Updated">
            {formatTime(stringAt(resource, 'update_time') ?? summary.update_time)}
          </FieldRow>
        </>
      }
      state={
        <>
          <StateMachineView
            machine={authorizationMachine}
            current={status}
            history={history}
            actions={actions}
          />
          {originalMinor !== undefined && mayReauthorize(status) ? (
            <Box
              sx={{ mt: 1, typography: 'caption', color: 'text.secondary' }}
              data-testid="reauthorize-ceiling"
            >
              Reauthorize allowance: {reauthorizeCeilingHint(originalMinor, currency)}.
            </Box>
          ) : null}
        </>
      }
      related={
        <RelatedSection
          kind="capture"
          items={captures}
          emptyText="Nothing captured yet."
          testId="related-captures"
        />
      }
    >
      <CaptureForm
        open={dialog === 'capture'}
        onClose={() => setDialog(null)}
        authorizationId={id}
        currency={currency}
        remainingMinor={remainingMinor}
        onCaptured={() => setDialog(null)}
      />
      <VoidDialog
        open={dialog === 'void'}
        onClose={() => setDialog(null)}
        authorizationId={id}
        remainingText={formatMinor(remainingMinor, currency)}
        captureCount={captures.length}
      />
      <ReauthorizeDialog
        open={dialog === 'reauthorize'}
        onClose={() => setDialog(null)}
        authorizationId={id}
        currency={currency}
        originalMinor={originalMinor ?? amountMinor}
        windowText={reauthWindow?.message ?? ''}
      />
    </PaymentDetailLayout>
  );
}

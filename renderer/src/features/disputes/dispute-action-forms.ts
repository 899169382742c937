import { COMMON_EVIDENCE_TYPES } from '../../../../shared/api/disputes';
import type { DisputeView } from './dispute-model';

/** One field of an action's form. */
export type ActionField =
  | { name: string; label: string; kind: 'text' | 'multiline'; required?: boolean }
  | { name: string; label: string; kind: 'select'; options: readonly string[] }
  | { name: string; label: string; kind: 'amount' };

/** How the page asks for one action of the dispute machine and what it sends. */
export interface ActionForm {
  title: string;
  method: 'POST' | 'PATCH';
  /** The path segment after the dispute (`make-offer`); empty for the PATCH of the dispute itself. */
  path: string;
  fields: (dispute: DisputeView) => ActionField[];
  /** The file part's name when the action takes documents. */
  fileField?: string;
  body(values: Record<string, string>, dispute: DisputeView): unknown;
}

const text = (values: Record<string, string>, name: string): string | undefined =>
  values[name]?.trim() || undefined;
const money = (dispute: DisputeView, value: string | undefined) =>
  value ? { currency_code: dispute.dispute_amount.currency_code, value } : undefined;
const defined = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));

const evidenceFields = (): ActionField[] => [
  { name: 'evidence_type', label: 'Evidence type', kind: 'select', options: COMMON_EVIDENCE_TYPES },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];
const evidenceBody = (values: Record<string, string>) => ({
  evidences: [defined({ evidence_type: values.evidence_type || 'OTHER', notes: text(values, 'notes') })],
});

/** Every action a caller may ask the dispute machine for, by trigger. */
export const ACTION_FORMS: Readonly<Record<string, ActionForm>> = {
  update: {
    title: 'Update communication details',
    method: 'PATCH',
    path: '',
    fields: () => [
      { name: 'email', label: 'Contact e-mail', kind: 'text', required: true },
      { name: 'note', label: 'Note', kind: 'multiline' },
    ],
    body: (v) => [
      {
        op: 'add',
        path: '/communication_details',
        value: defined({ email: text(v, 'email'), note: text(v, 'note') }),
      },
    ],
  },
  'send-message': {
    title: 'Send a message to the buyer',
    method: 'POST',
    path: 'send-message',
    fileField: 'message_document',
    fields: () => [{ name: 'message', label: 'Message', kind: 'multiline' }],
    body: (v) => defined({ message: text(v, 'message') }),
  },
  'make-offer': {
    title: 'Make an offer',
    method: 'POST',
    path: 'make-offer',
    fields: (d) => [
      {
        name: 'offer_type',
        label: 'Offer type',
        kind: 'select',
        options: d.allowed_response_options?.make_offer?.offer_types ?? ['REFUND'],
      },
      { name: 'offer_amount', label: `Amount (${d.dispute_amount.currency_code})`, kind: 'amount' },
      { name: 'note', label: 'Note to the buyer', kind: 'multiline', required: true },
    ],
    body: (v, d) =>
      defined({
        note: text(v, 'note'),
        offer_type: v.offer_type || 'REFUND',
        offer_amount: money(d, text(v, 'offer_amount')),
      }),
  },
  'accept-offer': {
    title: "Accept the seller's offer (as the buyer)",
    method: 'POST',
    path: 'accept-offer',
    fields: () => [{ name: 'note', label: 'Note', kind: 'multiline' }],
    body: (v) => defined({ note: text(v, 'note') }),
  },
  'deny-offer': {
    title: "Deny the seller's offer (as the buyer)",
    method: 'POST',
    path: 'deny-offer',
    fields: () => [{ name: 'note', label: 'Why', kind: 'multiline', required: true }],
    body: (v) => defined({ note: text(v, 'note') }),
  },
  'provide-evidence': {
    title: 'Provide evidence',
    method: 'POST',
    path: 'provide-evidence',
    fileField: 'evidence-file',
    fields: evidenceFields,
    body: evidenceBody,
  },
  escalate: {
    title: 'Escalate to a claim',
    method: 'POST',
    path: 'escalate',
    fields: () => [{ name: 'note', label: 'Note', kind: 'multiline', required: true }],
    body: (v) => defined({ note: text(v, 'note') }),
  },
  'accept-claim': {
    title: 'Accept the claim (refunds the buyer)',
    method: 'POST',
    path: 'accept-claim',
    fileField: 'accept-claim-document',
    fields: (d) => [
      {
        name: 'accept_claim_type',
        label: 'How',
        kind: 'select',
        options: d.allowed_response_options?.accept_claim?.accept_claim_types ?? ['REFUND'],
      },
      { name: 'refund_amount', label: `Partial refund (${d.dispute_amount.currency_code})`, kind: 'amount' },
      { name: 'note', label: 'Note', kind: 'multiline' },
    ],
    body: (v, d) =>
      defined({
        accept_claim_type: v.accept_claim_type || 'REFUND',
        refund_amount:
          v.accept_claim_type === 'PARTIAL_REFUND' ? money(d, text(v, 'refund_amount')) : undefined,
        note: text(v, 'note'),
      }),
  },
  'acknowledge-return-item': {
    title: 'Acknowledge the returned item',
    method: 'POST',
    path: 'acknowledge-return-item',
    fileField: 'acknowledgement_document',
    fields: (d) => [
      {
        name: 'acknowledgement_type',
        label: 'What came back',
        kind: 'select',
        options: d.allowed_response_options?.acknowledge_return_item?.acknowledgement_types ?? [
          'ITEM_RECEIVED',
        ],
      },
      { name: 'note', label: 'Note', kind: 'multiline' },
    ],
    body: (v) =>
      defined({ acknowledgement_type: v.acknowledgement_type || 'ITEM_RECEIVED', note: text(v, 'note') }),
  },
  'provide-supporting-info': {
    title: 'Provide supporting information',
    method: 'POST',
    path: 'provide-supporting-info',
    fileField: 'supporting document',
    fields: () => [{ name: 'notes', label: 'Notes', kind: 'multiline' }],
    body: (v) => defined({ notes: text(v, 'notes') }),
  },
  'require-evidence': {
    title: 'Require evidence (sandbox)',
    method: 'POST',
    path: 'require-evidence',
    fields: () => [
      { name: 'action', label: 'From', kind: 'select', options: ['SELLER_EVIDENCE', 'BUYER_EVIDENCE'] },
    ],
    body: (v) => ({ action: v.action || 'SELLER_EVIDENCE' }),
  },
  adjudicate: {
    title: 'Decide the dispute (sandbox)',
    method: 'POST',
    path: 'adjudicate',
    fields: () => [
      {
        name: 'adjudication_outcome',
        label: 'Outcome',
        kind: 'select',
        options: ['SELLER_FAVOR', 'BUYER_FAVOR'],
      },
    ],
    body: (v) => ({ adjudication_outcome: v.adjudication_outcome || 'SELLER_FAVOR' }),
  },
  appeal: {
    title: 'Appeal the decision',
    method: 'POST',
    path: 'appeal',
    fileField: 'evidence-file',
    fields: evidenceFields,
    body: evidenceBody,
  },
};

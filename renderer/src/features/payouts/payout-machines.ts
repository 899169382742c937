/** The machines the payout pages draw and ask for their buttons: the groups' own, from `shared/api`. */
export {
  payoutBatchMachine,
  payoutItemMachine,
  type PayoutBatchStatus,
  type PayoutItemStatus,
} from '../../../../shared/api/payouts';
export {
  referencedPayoutBatchMachine,
  referencedPayoutItemMachine,
  type ReferencedPayoutBatchStatus,
  type ReferencedPayoutItemStatus,
} from '../../../../shared/api/referenced-payouts';

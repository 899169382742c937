// Being built: replaced by the real page.
export function PaymentsListPage({ kind }: { kind: 'authorization' | 'capture' | 'refund' }) {
  return null;
}

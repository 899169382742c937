// Being built: replaced by the real page.
export function PaymentDetailPage({ kind, id }: { kind: 'authorization' | 'capture' | 'refund'; id: string }) {
  return null;
}

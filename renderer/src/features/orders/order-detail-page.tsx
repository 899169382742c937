// Being built: replaced by the real page.
export function OrderDetailPage({ id }: { id: string }) {
  return null;
}

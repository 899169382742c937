// Being built: replaced by the real page.
export function OrdersPage() {
  return null;
}

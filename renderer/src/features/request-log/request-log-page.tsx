// Being built: replaced by the real page.
export function RequestLogPage() {
  return null;
}

// Being built: replaced by the real page.
export function ConsolePage() {
  return null;
}

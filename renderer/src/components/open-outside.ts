import { bridge } from '../bridge';

/**
 * Opens an http(s) page outside the workbench: the user's browser under Electron (the host opens it), a
 * new tab in browser mode. Resolves to why it did not open, or undefined when it did, so the caller can
 * say so instead of doing nothing.
 */
export async function openOutside(url: string): Promise<string | undefined> {
  if (window.workbench) {
    const result = await bridge.openExternal({ url }).catch(() => ({ opened: false }));
    return result.opened ? undefined : 'The browser could not be opened; use the link instead.';
  }
  const tab = window.open(url, '_blank');
  if (!tab) return 'The browser blocked the new tab; use the link instead (or allow pop-ups for this page).';
  // The opened page must not reach back into the workbench.
  tab.opener = null;
  return undefined;
}

/**
 * This page's id, which scopes the executor's BroadcastChannel (a BroadcastChannel reaches every tab of the
 * origin). One random id per page load: sessionStorage would be copied into a duplicated tab, and two tabs
 * sharing an id would run each other's tool calls. Kept in the module because "once per page" is exactly the
 * module's lifetime; it is created lazily so server rendering never calls crypto.
 */
let tabId: string | null = null;

export function getTabId(): string {
  tabId ??= crypto.randomUUID();
  return tabId;
}

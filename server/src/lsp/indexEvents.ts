// Tells the client when the workspace index changed (`cloudManifests/indexChanged`), so views built from it
// (the owner tree) ask again: when a scan starts and ends, and after file events and edits that reach the
// index. Coalesced: one notification per quiet moment.
import { INDEX_CHANGED, type IndexChangedParams } from '../protocol/customRequests';
import type { ServerState } from './state';

const QUIET_MS = 250;

function send(s: ServerState): void {
  s.indexEventTimer = undefined;
  if (s.life.shutdown) return;
  const params: IndexChangedParams = { complete: s.ws.indexComplete, manifests: s.host.status().manifests };
  void s.connection.sendNotification(INDEX_CHANGED, params).catch(() => undefined);
}

/** Notifies after a quiet moment (`now`: at once, e.g. when the scan ends). */
export function indexChanged(s: ServerState, now = false): void {
  // Only clients that asked for it (the VS Code extension): other editors need no unknown notifications.
  if (!s.client.indexEvents) return;
  clearTimeout(s.indexEventTimer);
  if (now) send(s);
  else s.indexEventTimer = setTimeout(() => send(s), QUIET_MS);
}

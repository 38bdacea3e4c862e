// Tells the client when the workspace index changed (`cloudManifests/indexChanged`), so views built from it
// (the owner tree) ask again: when a scan starts and ends, and after file events and edits that reach the
// index. Coalesced: one notification per quiet moment.
import { INDEX_CHANGED, type IndexChangedParams } from '../commands/protocol';
import { client, connection } from './state';
import { index, ws } from './workspace';

const QUIET_MS = 250;
let timer: ReturnType<typeof setTimeout> | undefined;

function send(): void {
  timer = undefined;
  const params: IndexChangedParams = { complete: ws.indexComplete, manifests: index.manifestCount };
  void connection.sendNotification(INDEX_CHANGED, params).catch(() => undefined);
}

/** Notifies after a quiet moment (`now`: at once, e.g. when the scan ends). */
export function indexChanged(now = false): void {
  // Only clients that asked for it (the VS Code extension): other editors need no unknown notifications.
  if (!client.indexEvents) return;
  clearTimeout(timer);
  if (now) send();
  else timer = setTimeout(send, QUIET_MS);
}

// `setImmediate`, which the language server yields with between slices of work (lsp/quiet.ts and the scan),
// in a Web Worker, which has none: a message to itself runs after the events already queued, as on Node (a
// `setTimeout(0)` would wait 4 ms once nested). Imported first by the worker's entry (webServer.ts).
const g = globalThis as unknown as { setImmediate?: (fn: () => void) => unknown };
if (!g.setImmediate) {
  const queue: (() => void)[] = [];
  // A browser's MessageChannel (typed here as Node's, which has no `onmessage`).
  const channel = new MessageChannel() as unknown as {
    port1: { onmessage: () => void };
    port2: { postMessage(m: unknown): void };
  };
  channel.port1.onmessage = () => queue.shift()?.();
  g.setImmediate = (fn: () => void) => {
    queue.push(fn);
    channel.port2.postMessage(0);
    return fn;
  };
}

// A Helm template of the workspace scan parsed in slices (issue 43): its actions are lexed and masked a few
// thousand at a time (service/host/documents.ts `templateSteps`), the event loop free between slices as
// between the scan's other steps, so that requests (hover) and `exit` are answered while a large template is
// read. The masked text is then parsed as any file of the scan is, a large one checked in a worker thread
// first (offThread.ts: its parse is no single step here).
import type { ParsedFile } from '../service/core/parse';
import { checkedOffThread } from './offThread';
import type { ServerState } from './state';

/** How long one slice may hold the event loop. */
const SLICE_MS = 15;

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The template parsed as `parseAs` parses it; undefined when the scan stopped meanwhile. */
export async function templateInSlices(
  s: ServerState,
  uri: string,
  text: string,
  stopped: () => boolean,
): Promise<ParsedFile | undefined> {
  const steps = s.host.templateSteps(text);
  let release = () => undefined as void;
  try {
    for (let t = Date.now(); ;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (typeof r.value === 'string') {
        // The mask's text, about to be parsed and analysed: a large one in the worker first.
        release = await checkedOffThread(s, uri, r.value, false);
        if (stopped()) return undefined;
        t = Date.now();
      } else if (Date.now() - t > SLICE_MS) {
        await yieldNow();
        if (stopped()) return undefined;
        t = Date.now();
      }
    }
  } finally {
    release();
  }
}

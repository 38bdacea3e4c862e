// Edit → diagnostics against the size of the file, in one server and one run: a small file and a large one
// open side by side, edited in turn (small, large, small, large …), so a slow spell of the machine weighs on
// both alike and the ratio of their medians is the cost an edit adds per resource it does not touch.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspSession, sleep, type ServerSpec } from './lsp';
import { editAt, fileWorkload } from './workload';

export interface EditScaleResult {
  /** Edit → diagnostics in the small file, one per edit. */
  small: number[];
  /** The same edits in the large file, each right after its small one. */
  large: number[];
  sanity: string[];
}

const errorCount = (ds: Diagnostic[]) => ds.filter((d) => d.severity === undefined || d.severity === 1).length;

/**
 * One server: warmed up on a 200-resource file, then `sizes[0]` and `sizes[1]` resources opened (texts of
 * distinct names, so no cross-file duplicate ties them) and edited `edits` times each, alternately.
 */
export async function editScaleSession(
  spec: ServerSpec,
  sizes: readonly [number, number],
  edits: number,
  dir: string,
): Promise<EditScaleResult> {
  const uri = (name: string) => pathToFileURL(join(dir, `${name}.yaml`)).href;
  const s = new LspSession(spec);
  const sanity: string[] = [];
  const out = { small: [] as number[], large: [] as number[] };
  try {
    await s.start();
    const warm = uri('edit-scale-warmup');
    await s.open(warm, fileWorkload(200, 801).text);
    for (let k = 1; k <= 3; k++) await s.change(warm, editAt(200, k), () => true);
    await s.close(warm);
    const files = sizes.map((n, i) => {
      const w = fileWorkload(n, 700 + i);
      return { n, w, uri: uri(`edit-scale-${n}-${i}`), errors: 0 };
    });
    for (const f of files) {
      const r = await s.open(f.uri, f.w.text);
      f.errors = errorCount(r.diagnostics);
      if (f.errors !== f.w.errors) sanity.push(`edit scale ${f.n}: ${f.errors} errors at open, expected ${f.w.errors}`);
      await sleep(50);
    }
    for (let k = 1; k <= edits; k++) {
      for (const [i, f] of files.entries()) {
        const want = f.errors + k;
        const r = await s.change(f.uri, editAt(f.n, k), (ds) => errorCount(ds) === want);
        (i === 0 ? out.small : out.large).push(r.ms);
        await sleep(20);
      }
    }
  } finally {
    await s.stop();
  }
  return { ...out, sanity };
}

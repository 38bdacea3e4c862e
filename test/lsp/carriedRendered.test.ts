// The overlays' rendered problems of a document's last whole publish, carried over to an edit's first
// publish (lsp/carriedRendered.ts): each must land on the same text in the new version, or be dropped when
// the edit touched its line. Checked on odd texts (CRLF, lone CR, a surrogate pair, documents added).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { carriedOver, renderedShown } from '../../server/src/lsp/carriedRendered';
import type { Diag } from '../../server/src/service/core/diag';
import { Analysis } from '../../server/src/service/analysis';

// One analysis: its store keys a document's chunk by its text, as the server's does across versions.
const analysis = new Analysis();
const parseFile = (text: string) => analysis.parse(text);

const doc = (name: string, tier: string, tls = 'TLS1_2', eol = '\n') =>
  ['apiVersion: storage.cloud.example.com/v20220901', 'kind: StorageAccount', 'metadata:', `  name: ${name}`, 'spec:']
    .concat([`  accessTier: ${tier}`, `  minimumTlsVersion: ${tls}`, ''])
    .join(eol);

/** A rendered problem on each `accessTier` value of `text` (as the overlay would report it). */
function problems(text: string): Diag[] {
  const out: Diag[] = [];
  for (let at = text.indexOf('accessTier: '); at >= 0; at = text.indexOf('accessTier: ', at + 1)) {
    const start = at + 'accessTier: '.length;
    let end = start;
    while (end < text.length && !/[\r\n]/.test(text[end])) end++;
    out.push({ code: 'access-tier-block-blob-premium', message: 'm (in overlays/prod)', start, end });
  }
  return out;
}

/** What is carried from `before` to `after`, as the text each problem covers there. */
function carried(before: string, after: string): string[] {
  const was = parseFile(before);
  const shown = renderedShown(was, problems(before));
  return carriedOver(shown, parseFile(after)).map((d) => after.slice(d.start, d.end));
}

for (const eol of ['\n', '\r\n']) {
  const name = eol === '\n' ? 'LF' : 'CRLF';
  test(`carried over (${name}): documents before and after the edit move with it; in the edited one, lines around it`, () => {
    const before = [
      doc('a', 'Cool', 'TLS1_2', eol),
      doc('b', 'Hot', 'TLS1_2', eol),
      doc('c', 'Archive', 'TLS1_2', eol),
    ].join(`---${eol}`);
    // A longer value on b's TLS line (below its accessTier line): every problem kept, each on its own text.
    const after = before.replace(
      `minimumTlsVersion: TLS1_2${eol}---${eol}apiVersion: storage.cloud.example.com/v20220901${eol}kind: StorageAccount${eol}metadata:${eol}  name: c`,
      `minimumTlsVersion: TLS1_9_and_more${eol}---${eol}apiVersion: storage.cloud.example.com/v20220901${eol}kind: StorageAccount${eol}metadata:${eol}  name: c`,
    );
    assert.notEqual(after, before);
    assert.deepEqual(carried(before, after), ['Cool', 'Hot', 'Archive']);
    // A line added above b's accessTier: b's problem moves down with it.
    const added = before.replace(`  name: b${eol}`, `  name: b${eol}  # a comment${eol}`);
    assert.deepEqual(carried(before, added), ['Cool', 'Hot', 'Archive']);
    // b's accessTier itself edited: its problem is dropped, the others stay.
    assert.deepEqual(carried(before, before.replace('accessTier: Hot', 'accessTier: Premium')), ['Cool', 'Archive']);
    // A document inserted between a and b: every problem of the documents that were there moves with them.
    const b = `---${eol}${doc('b', 'Hot', 'TLS1_2', eol)}`;
    assert.ok(before.includes(b));
    const inserted = before.replace(b, `---${eol}${doc('x', 'Cool', 'TLS1_2', eol)}${b}`);
    assert.deepEqual(carried(before, inserted), ['Cool', 'Hot', 'Archive']);
    // b split in two (not one edited document for one): b's problem waits for the fresh ones.
    const split = before.replace(b, `---${eol}${doc('x', 'Cool', 'TLS1_2', eol)}${b.replace('name: b', 'name: b2')}`);
    assert.deepEqual(carried(before, split), ['Cool', 'Archive']);
  });
}

test('carried over: a lone-CR document edited keeps nothing of its own (no line to trust), the others move', () => {
  const before = [doc('a', 'Cool', 'TLS1_2', '\r'), doc('b', 'Hot', 'TLS1_2', '\r')].join('---\n');
  const after = before.replace('minimumTlsVersion: TLS1_2\r---', 'minimumTlsVersion: TLS1_0\r---');
  const kept = carried(before, after);
  assert.ok(kept.every((t) => t === 'Cool' || t === 'Hot'));
  assert.ok(!kept.includes('Cool'), 'the edited document (a) has no whole line to keep');
});

test('carried over: a surrogate pair on the edited line leaves the lines around it whole', () => {
  const before = doc('a', 'Cool').replace('spec:', 'spec: # 🚀');
  const after = before.replace('# 🚀', '# 🚀🚀');
  assert.deepEqual(carried(before, after), ['Cool']);
  // No carried range starts or ends inside the pair.
  const d = carriedOver(renderedShown(parseFile(before), problems(before)), parseFile(after))[0];
  for (const at of [d.start, d.end]) assert.ok(!/[\uDC00-\uDFFF]/.test(after[at] ?? ''));
});

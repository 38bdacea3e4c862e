// `\'` in a double-quoted scalar: YAML 1.2 has no such escape and the `yaml` library reports BAD_DQ_ESCAPE
// (keeping the two characters), but kubectl and the API server read YAML with go-yaml, whose scanner (a port
// of libyaml's yaml_parser_scan_flow_scalar) takes `\'` for a single quote. The Kubernetes documentation
// writes it (`"echo \"DB_ADDRESS=\'address\'\" > /data/config.env"`), and `kubectl kustomize` renders it
// as `'`: so it is no error here, and the scalar's value is the one go-yaml reads. Every other escape the
// library refuses, go-yaml refuses too ("found unknown escape character").
import { isScalar, parseDocument, visit, type Document, type Scalar } from 'yaml';

const isQuoteEscape = (text: string, at: number) => text[at] === '\\' && text[at + 1] === "'";

/**
 * Drops the BAD_DQ_ESCAPE errors of `\'` from `doc.errors` and gives each double-quoted scalar that holds one
 * the value go-yaml reads. `text` is the text the tree was parsed from (error and node offsets point into it).
 * Linear: one walk of the tree when such an error exists, each such scalar resolved once.
 */
export function acceptQuoteEscapes(doc: Document.Parsed, text: string): void {
  const at = doc.errors.filter((e) => e.code === 'BAD_DQ_ESCAPE' && isQuoteEscape(text, e.pos[0]));
  if (at.length === 0) return;
  const offsets = at.map((e) => e.pos[0]).sort((a, b) => a - b);
  const accepted = new Set(at);
  doc.errors = doc.errors.filter((e) => !accepted.has(e));
  const holds = (start: number, end: number) => {
    // The first offset not before `start` (binary search): inside the scalar when before its end.
    let lo = 0;
    let hi = offsets.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (offsets[mid] < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < offsets.length && offsets[lo] < end;
  };
  const fix = (node: unknown) => {
    if (!isScalar(node) || node.type !== 'QUOTE_DOUBLE' || !node.range) return;
    const [start, end] = node.range;
    if (holds(start, end)) (node as Scalar).value = goYamlDoubleQuoted(text.slice(start, end));
  };
  visit(doc, { Scalar: (_key, node) => fix(node) });
}

/**
 * A double-quoted scalar's source with each `\'` written `\x27` (a single quote to both readers); `\\` is
 * passed over so `\\'` stays `\\` and `'`.
 */
function withHexQuotes(source: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    if (source[i] !== '\\') continue;
    if (source[i + 1] === "'") {
      out += source.slice(from, i) + '\\x27';
      from = i + 2;
    }
    i++;
  }
  return out + source.slice(from);
}

/**
 * A text with every `\'` of its double-quoted scalars written `\x27`, for a reader that refuses `\'` (js-yaml,
 * which reads CRDs): the values are the ones go-yaml reads. Undefined when the text holds none (nothing to
 * rewrite). Parses the text once with the `yaml` library to find those scalars: only for a text a reader
 * has refused already.
 */
export function goYamlQuotesRewritten(text: string): string | undefined {
  if (!text.includes("\\'")) return undefined;
  const doc = parseDocument(text, { uniqueKeys: false });
  const ranges: [number, number][] = [];
  for (const e of doc.errors)
    if (e.code === 'BAD_DQ_ESCAPE' && isQuoteEscape(text, e.pos[0])) ranges.push([e.pos[0], e.pos[0] + 2]);
  if (ranges.length === 0) return undefined;
  const scalars: [number, number][] = [];
  visit(doc, {
    Scalar: (_key, node) => {
      if (node.type === 'QUOTE_DOUBLE' && node.range) scalars.push([node.range[0], node.range[1]]);
    },
  });
  scalars.sort((a, b) => a[0] - b[0]);
  // Each scalar holding an escape the parser refused, rewritten whole (its own scan tells escapes apart).
  const held = scalars.filter(([start, end]) => ranges.some(([at]) => at >= start && at < end));
  if (held.length === 0) return undefined;
  let out = '';
  let from = 0;
  for (const [start, end] of held) {
    if (start < from) continue;
    out += text.slice(from, start) + withHexQuotes(text.slice(start, end));
    from = end;
  }
  return out + text.slice(from);
}

/** A double-quoted scalar's source (quotes included) resolved as go-yaml resolves it. */
function goYamlDoubleQuoted(source: string): string {
  const rewritten = withHexQuotes(source);
  // A double-quoted scalar on its own is a document of that scalar; its line folding does not depend on
  // the indentation it had.
  const value = parseDocument(rewritten).contents;
  return isScalar(value) && typeof value.value === 'string' ? value.value : source;
}

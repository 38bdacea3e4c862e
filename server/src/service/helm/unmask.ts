// A name read from a masked template is underscores where the user wrote an action (`{{ .Values.name }}`):
// the mask keeps every offset, so a label shown to the user (the outline, the owner tree) reads those
// characters back from the user's text at the same place.
import type { LineIndex } from '../lineIndex';
import type { Span } from '../yamlNodes';

const unquote = (s: string) => (/^(["']).*\1$/s.test(s) ? s.slice(1, -1) : s);

/**
 * `label` with what it took from the masked text at `span` written as the user wrote it there: the label is
 * a part of that text (a value shown as a symbol's detail) or holds it (`StorageAccount ____`).
 */
export function unmaskLabel(label: string, masked: string, user: string, [start, end]: Span): string {
  const m = masked.slice(start, end);
  const u = user.slice(start, end);
  if (m === u || m.length === 0 || label.length === 0) return label;
  const at = m.indexOf(label);
  if (at >= 0) return u.slice(at, at + label.length);
  const inner = label.includes(m) ? m : unquote(m);
  if (!inner || !label.includes(inner)) return label;
  const from = m.indexOf(inner);
  return label.replace(inner, () => u.slice(from, from + inner.length));
}

/** A node of the owner tree, as far as its label goes. */
interface Labelled {
  name: string;
  uri?: string;
  external?: boolean;
  selectionRange?: { start: { line: number; character: number }; end: { line: number; character: number } };
}

/**
 * The owner tree's nodes with the names templates wrote as actions shown as written. An owner named by an
 * action and not in the workspace has no text of its own to show: `{{ … }}` says a value supplies it.
 */
export function unmaskNodes<T extends Labelled>(
  nodes: T[],
  templateOf: (uri: string) => { file: { text: string; lines: LineIndex }; user: string } | undefined,
): T[] {
  return nodes.map((n) => {
    if (n.external && /^_+$/.test(n.name)) return { ...n, name: '{{ … }}' };
    const t = n.uri && n.selectionRange ? templateOf(n.uri) : undefined;
    if (!t || !n.selectionRange) return n;
    const span: Span = [t.file.lines.offsetAt(n.selectionRange.start), t.file.lines.offsetAt(n.selectionRange.end)];
    return { ...n, name: unmaskLabel(n.name, t.file.text, t.user, span) };
  });
}

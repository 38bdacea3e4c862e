// A bound on how deep a document's values nest. The API server reads up to 10,000 levels (Go's
// encoding/json `maxNestingDepth`), but the YAML composer and the walks over a tree recurse once per level:
// past a few hundred the stack runs out, and the composer records that as a parse error. A document nested
// deeper than MAX_NESTING is left unchecked (its tree emptied, so no walk goes down it) and says so once,
// as Information (`nesting-too-deep`): its YAML may well be valid, never a syntax error.
import { isMap, isPair, isSeq, YAMLParseError, type Document, type YAMLMap, type YAMLSeq } from 'yaml';

export const MAX_NESTING = 256;

/** The code the parser gives a stack overflow, and the one this bound gives a document it leaves unchecked. */
export const TOO_DEEP = 'RESOURCE_EXHAUSTION';

/**
 * The offset of the first collection nested deeper than MAX_NESTING, if any (an iterative walk). It runs on
 * every parse: only collections go on its stacks (a tuple per key and value cost a twentieth of opening a
 * 100-resource file), in the order the walk takes them.
 */
function tooDeepAt(doc: Document.Parsed): number | undefined {
  const nodes: (YAMLMap | YAMLSeq)[] = [];
  const depths: number[] = [];
  const push = (node: unknown, depth: number) => {
    if (isMap(node) || isSeq(node)) {
      nodes.push(node);
      depths.push(depth);
    }
  };
  push(doc.contents, 1);
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > MAX_NESTING) return node.range?.[0] ?? 0;
    for (const item of node.items as unknown[]) {
      if (isPair(item)) {
        push(item.key, depth + 1);
        push(item.value, depth + 1);
      } else push(item, depth + 1);
    }
  }
  return undefined;
}

/**
 * Empties a document nested too deep (or that the composer could not read for lack of stack) and leaves one
 * TOO_DEEP error in place of the composer's: reportYamlErrors reports it as `nesting-too-deep`.
 */
export function limitNesting(doc: Document.Parsed): void {
  const exhausted = doc.errors.find((e) => e.code === TOO_DEEP);
  const at = exhausted ? exhausted.pos[0] : tooDeepAt(doc);
  if (at === undefined) return;
  const kept = doc.errors.filter((e) => e.code !== TOO_DEEP);
  doc.errors.length = 0;
  for (const e of kept) doc.errors.push(e);
  doc.errors.push(new YAMLParseError([at, at + 1], TOO_DEEP, `values nested deeper than ${MAX_NESTING} levels`));
  doc.contents = null;
}

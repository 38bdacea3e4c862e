// The owner tree built from the server's flat owner graph, and problem counts per manifest. Pure (no
// `vscode` import), so node tests cover it.
import type { GraphNode } from '../../server/src/protocol/customRequests';

export interface TreeNode {
  node: GraphNode;
  children: TreeNode[];
}

/** An overlay's own node (its rendered resources are below it). */
export const isOverlayNode = (n: GraphNode): boolean =>
  n.overlay !== undefined && n.id.startsWith('overlay:') && !n.id.includes('#');

/** Order of kinds under one owner: services before what they hold, then by name. */
const byKindThenName = (a: TreeNode, b: TreeNode) =>
  a.node.kind.localeCompare(b.node.kind) ||
  a.node.name.localeCompare(b.node.name) ||
  (a.node.uri ?? '').localeCompare(b.node.uri ?? '');

/**
 * Nests nodes under their owners. Roots are nodes without an owner (resource groups, external owners);
 * a node in an ownership cycle (never reached from a root) becomes a root itself, so each node shows
 * exactly once and the tree is finite.
 */
export function buildTree(nodes: readonly GraphNode[]): TreeNode[] {
  const tree = new Map<string, TreeNode>();
  for (const n of nodes) if (!tree.has(n.id)) tree.set(n.id, { node: n, children: [] });
  const roots: TreeNode[] = [];
  const childOf = new Set<string>();
  for (const t of tree.values()) {
    const owner = t.node.ownerId ? tree.get(t.node.ownerId) : undefined;
    if (owner && owner !== t) {
      owner.children.push(t);
      childOf.add(t.node.id);
    } else roots.push(t);
  }
  const reached = new Set<string>();
  const visit = (t: TreeNode, path: Set<string>): TreeNode => {
    reached.add(t.node.id);
    path.add(t.node.id);
    // A child already on the path closes a cycle: cut it there.
    t.children = t.children.filter((c) => !path.has(c.node.id));
    for (const c of t.children) visit(c, path);
    path.delete(t.node.id);
    return t;
  };
  for (const r of roots) visit(r, new Set());
  for (const t of tree.values()) {
    if (reached.has(t.node.id)) continue;
    // In a cycle: show it at the top level, and do not show it again as a child of its owner.
    for (const other of tree.values()) other.children = other.children.filter((c) => c !== t);
    roots.push(visit(t, new Set()));
  }
  const sortDeep = (list: TreeNode[]) => {
    list.sort(byKindThenName);
    for (const t of list) sortDeep(t.children);
  };
  // Roots: each manifest where it is written first, external owners and resource groups first (what
  // everything else hangs off), then the rest; the overlays last, each a view of what it renders.
  sortDeep(roots);
  roots.sort(
    (a, b) =>
      Number(a.node.overlay !== undefined) - Number(b.node.overlay !== undefined) ||
      Number(b.children.length > 0) - Number(a.children.length > 0) ||
      byKindThenName(a, b),
  );
  return roots;
}

export interface Problems {
  errors: number;
  warnings: number;
  infos: number;
}

export const noProblems = (): Problems => ({ errors: 0, warnings: 0, infos: 0 });

export interface PositionLike {
  line: number;
  character: number;
}
export interface DiagnosticLike {
  range: { start: PositionLike };
  /** 0 error, 1 warning, 2 information, 3 hint (VS Code's DiagnosticSeverity). */
  severity: number;
  source?: string;
}

const before = (a: PositionLike, b: PositionLike) =>
  a.line < b.line || (a.line === b.line && a.character < b.character);

/** Counts the diagnostics that start inside a range (start inclusive, end exclusive; the end of the file inclusive). */
export function countIn(
  diags: readonly DiagnosticLike[],
  range: { start: PositionLike; end: PositionLike },
  atEndOfFile = false,
): Problems {
  const p = noProblems();
  for (const d of diags) {
    const s = d.range.start;
    if (before(s, range.start)) continue;
    if (!before(s, range.end) && !(atEndOfFile && s.line === range.end.line && s.character === range.end.character))
      continue;
    if (d.severity === 0) p.errors++;
    else if (d.severity === 1) p.warnings++;
    else if (d.severity === 2) p.infos++;
  }
  return p;
}

export function addProblems(a: Problems, b: Problems): Problems {
  return { errors: a.errors + b.errors, warnings: a.warnings + b.warnings, infos: a.infos + b.infos };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "2 errors, 1 warning"; empty when there are none. */
export function describeProblems(p: Problems): string {
  const parts: string[] = [];
  if (p.errors) parts.push(plural(p.errors, 'error'));
  if (p.warnings) parts.push(plural(p.warnings, 'warning'));
  if (p.infos) parts.push(plural(p.infos, 'info'));
  return parts.join(', ');
}

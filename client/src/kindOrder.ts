// The order of kinds in "New Cloud Resource Manifest…": by kind name (what a user looks for), the newest
// version of a kind first. Pure (no `vscode` import), so node tests cover it.

export interface KindEntry {
  kindName: string;
  area: string;
  version: string;
}

export function sortKinds<T extends KindEntry>(items: readonly T[]): T[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...items].sort((a, b) => cmp(a.kindName, b.kindName) || cmp(b.version, a.version) || cmp(a.area, b.area));
}

// Checks of request parameters, so that a client sending wrong or missing ones gets -32602 InvalidParams
// naming the field, not an internal error with a TypeError. Each check returns the problem, or undefined.

export type Check = (params: unknown) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const found = (v: unknown) =>
  v === undefined
    ? 'missing'
    : v === null
      ? 'null'
      : Array.isArray(v)
        ? 'an array'
        : typeof v === 'string'
          ? `"${v.slice(0, 40)}"`
          : typeof v === 'object'
            ? 'an object'
            : String(v);

function textDocument(p: Record<string, unknown>): string | undefined {
  const td = p.textDocument;
  if (!isObject(td)) return `\`textDocument\` must be an object with a \`uri\`; found ${found(td)}`;
  if (typeof td.uri !== 'string' || td.uri === '')
    return `\`textDocument.uri\` must be a non-empty string; found ${found(td.uri)}`;
  return undefined;
}

function position(p: Record<string, unknown>): string | undefined {
  const pos = p.position;
  if (!isObject(pos)) return `\`position\` must be an object with \`line\` and \`character\`; found ${found(pos)}`;
  if (!isIndex(pos.line)) return `\`position.line\` must be a non-negative integer; found ${found(pos.line)}`;
  if (!isIndex(pos.character))
    return `\`position.character\` must be a non-negative integer; found ${found(pos.character)}`;
  return undefined;
}

const all =
  (...checks: ((p: Record<string, unknown>) => string | undefined)[]): Check =>
  (params) => {
    if (!isObject(params)) return `the parameters must be an object; found ${found(params)}`;
    for (const c of checks) {
      const problem = c(params);
      if (problem) return problem;
    }
    return undefined;
  };

/** textDocument/documentSymbol, codeLens, diagnostic. */
export const documentParams = all(textDocument);
/** completion, hover, definition, prepareRename. */
export const positionParams = all(textDocument, position);
export const referenceParams = all(textDocument, position, (p) => {
  const c = p.context;
  if (!isObject(c) || typeof c.includeDeclaration !== 'boolean')
    return `\`context.includeDeclaration\` must be a boolean; found ${isObject(c) ? found(c.includeDeclaration) : `\`context\` ${found(c)}`}`;
  return undefined;
});
export const renameParams = all(textDocument, position, (p) =>
  typeof p.newName === 'string' ? undefined : `\`newName\` must be a string; found ${found(p.newName)}`,
);
/** textDocument/codeAction: a range, and a context holding the diagnostics the editor shows there. */
export const codeActionParams = all(textDocument, (p) => {
  const r = p.range;
  if (!isObject(r) || !isObject(r.start) || !isObject(r.end))
    return `\`range\` must be an object with \`start\` and \`end\`; found ${found(r)}`;
  for (const end of ['start', 'end'] as const) {
    const pos = r[end] as Record<string, unknown>;
    if (!isIndex(pos.line) || !isIndex(pos.character))
      return `\`range.${end}\` must have non-negative integer \`line\` and \`character\``;
  }
  const c = p.context;
  if (!isObject(c) || !Array.isArray(c.diagnostics))
    return `\`context.diagnostics\` must be an array; found ${isObject(c) ? found(c.diagnostics) : `\`context\` ${found(c)}`}`;
  return undefined;
});
/** workspace/diagnostic: `previousResultIds` a list of `{ uri, value }`. */
export const workspaceDiagnosticParams = all((p) => {
  const prev = p.previousResultIds;
  if (!Array.isArray(prev)) return `\`previousResultIds\` must be an array; found ${found(prev)}`;
  const bad = prev.findIndex((x) => !isObject(x) || typeof x.uri !== 'string' || typeof x.value !== 'string');
  return bad >= 0
    ? `\`previousResultIds[${bad}]\` must be an object with a \`uri\` and a \`value\` (strings)`
    : undefined;
});

export const workspaceSymbolParams = all((p) =>
  typeof p.query === 'string' ? undefined : `\`query\` must be a string; found ${found(p.query)}`,
);

/** The valid entries of a `workspace/didChangeWatchedFiles` notification, and what was wrong with the others. */
export function watchedFileChanges(params: unknown): { changes: { uri: string; type: number }[]; problem?: string } {
  const changes = isObject(params) ? params.changes : undefined;
  if (!Array.isArray(changes)) return { changes: [], problem: `\`changes\` must be an array; found ${found(changes)}` };
  const ok = changes.filter(
    (c): c is { uri: string; type: number } =>
      isObject(c) && typeof c.uri === 'string' && (c.type === 1 || c.type === 2 || c.type === 3),
  );
  return ok.length === changes.length
    ? { changes: ok }
    : {
        changes: ok,
        problem: `${changes.length - ok.length} of ${changes.length} \`changes\` lack a string \`uri\` or a \`type\` of 1, 2 or 3`,
      };
}

const isRange = (r: unknown) =>
  isObject(r) &&
  isObject(r.start) &&
  isObject(r.end) &&
  isIndex(r.start.line) &&
  isIndex(r.start.character) &&
  isIndex(r.end.line) &&
  isIndex(r.end.character);

/** textDocument/didOpen. */
export const didOpenParams = all((p) => {
  const td = p.textDocument;
  if (!isObject(td)) return `\`textDocument\` must be an object; found ${found(td)}`;
  if (typeof td.uri !== 'string' || td.uri === '')
    return `\`textDocument.uri\` must be a non-empty string; found ${found(td.uri)}`;
  if (typeof td.text !== 'string') return `\`textDocument.text\` must be a string; found ${found(td.text)}`;
  if (!Number.isInteger(td.version)) return `\`textDocument.version\` must be an integer; found ${found(td.version)}`;
  if (typeof td.languageId !== 'string')
    return `\`textDocument.languageId\` must be a string; found ${found(td.languageId)}`;
  return undefined;
});

/** textDocument/didChange: a version, and changes that are texts with, optionally, a valid range. */
export const didChangeParams = all(textDocument, (p) => {
  const td = p.textDocument as Record<string, unknown>;
  if (!Number.isInteger(td.version)) return `\`textDocument.version\` must be an integer; found ${found(td.version)}`;
  const changes = p.contentChanges;
  if (!Array.isArray(changes)) return `\`contentChanges\` must be an array; found ${found(changes)}`;
  for (const [i, c] of changes.entries()) {
    if (!isObject(c) || typeof c.text !== 'string')
      return `\`contentChanges[${i}].text\` must be a string; found ${isObject(c) ? found(c.text) : found(c)}`;
    if (c.range !== undefined && !isRange(c.range))
      return `\`contentChanges[${i}].range\` must be a range of non-negative integer positions`;
  }
  return undefined;
});

/** textDocument/didClose. */
export const didCloseParams = documentParams;

/**
 * The folder URIs a `workspace/didChangeWorkspaceFolders` notification adds and removes. A list that is not
 * an array (`removed: null`) counts as empty, entries without a string `uri` are skipped; `problem` says what
 * was wrong, for a warning.
 */
export function workspaceFolderChanges(params: unknown): { added: string[]; removed: string[]; problem?: string } {
  const event = isObject(params) ? params.event : undefined;
  if (!isObject(event))
    return { added: [], removed: [], problem: `\`event\` must be an object; found ${found(event)}` };
  const problems: string[] = [];
  const uris = (name: 'added' | 'removed'): string[] => {
    const list = event[name];
    if (!Array.isArray(list)) {
      problems.push(`\`event.${name}\` must be an array; found ${found(list)}`);
      return [];
    }
    const ok = list.flatMap((f) => (isObject(f) && typeof f.uri === 'string' ? [f.uri] : []));
    if (ok.length < list.length)
      problems.push(`${list.length - ok.length} of ${list.length} \`event.${name}\` entries lack a string \`uri\``);
    return ok;
  };
  const added = uris('added');
  const removed = uris('removed');
  return problems.length ? { added, removed, problem: problems.join('; ') } : { added, removed };
}

/** `cloudManifests/checkWorkspace`: no parameters, or an object whose `uris`, when given, are strings. */
export const checkWorkspaceParams: Check = (params) => {
  if (params === undefined || params === null) return undefined;
  if (!isObject(params)) return `the parameters must be an object; found ${found(params)}`;
  const uris = params.uris;
  if (uris !== undefined && !(Array.isArray(uris) && uris.every((u) => typeof u === 'string')))
    return `\`uris\` must be a list of strings; found ${found(uris)}`;
  return undefined;
};

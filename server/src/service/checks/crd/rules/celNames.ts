// The names a CRD's schema properties have in CEL, as the API server escapes them (its own file: the
// rules' runner, type check and cost estimate all read it).

/** CEL's reserved words: a property named one is reached as `__word__` (Kubernetes' escaping). */
const RESERVED: ReadonlySet<string> = new Set(
  'true false null in as break const continue else for function if import let loop package namespace return var void while'.split(
    ' ',
  ),
);

/**
 * The name a schema property has in CEL, as the API server escapes it: `__` → `__underscores__`, `.` →
 * `__dot__`, `-` → `__dash__`, `/` → `__slash__`, a reserved word `w` → `__w__`. A name with other characters
 * cannot be reached by a rule and keeps its own. Map keys (`additionalProperties`) are never escaped.
 */
export function celPropertyName(name: string): string {
  if (!/^[A-Za-z_./-][A-Za-z0-9_./-]*$/.test(name)) return name;
  if (RESERVED.has(name)) return `__${name}__`;
  return name.replace(/__|[./-]/g, (c) =>
    c === '__' ? '__underscores__' : c === '.' ? '__dot__' : c === '-' ? '__dash__' : '__slash__',
  );
}

/** Reserved words the CEL parser takes after a `.` (all but the literals and `in`, which it lexes apart). */
export const SELECTABLE_RESERVED: ReadonlySet<string> = new Set(
  [...RESERVED].filter((w) => !/^(true|false|null|in)$/.test(w)),
);

/**
 * The names a schema property answers to in CEL: its escaped name and, for a reserved word the parser
 * accepts after a `.` (`namespace`, `if`), the word itself, as the API server resolves it since Kubernetes
 * 1.32 (cel-go's keyword-as-field-name: `self.namespace` and `self.__namespace__` are the same field).
 */
export function celPropertyNames(name: string): string[] {
  const escaped = celPropertyName(name);
  return SELECTABLE_RESERVED.has(name) ? [escaped, name] : [escaped];
}

// Build step (scripts/build.mjs, scripts/package.mjs): the descriptions of Kubernetes' own kinds' fields for
// hover, read from the npm package `kubernetes-types` (a devDependency: its declarations carry each field's
// description as JSDoc) and written beside the server as dist/kube-descriptions.json. The repository carries
// none of that prose: without the package (or without the file) hover shows the schema's facts alone.
//
// Matching is structural, never by type name: each kind of model/kube/kinds.json (group/version/kind and its
// definition) is paired with the interface of kubernetes-types whose `apiVersion` and `kind` are those
// literals, then field by field, the definition a field refers to (`$ref`, a list's items, a map's values)
// paired with the interface the declaration's field refers to (`X`, `Array<X>`, `{[name: string]: X}`).
// The file: `{source, defs: {<definition>: {"": <its own description>, <field path>: <description>}}}`,
// where a field path is a field's name, or names joined by `.` through an object written inline.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every interface of the package's declarations: by file and name, and the kinds by `apiVersion/kind`. */
function readDeclarations(pkgDir) {
  const files = new Map(); // relative file (no extension) → { interfaces: Map<name, node>, imports: Map<name, file> }
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory() && e.name !== 'node_modules') walk(p);
      else if (e.name.endsWith('.d.ts')) {
        const src = ts.createSourceFile(p, readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true);
        const key = relative(pkgDir, p).replace(/\.d\.ts$/, '');
        const interfaces = new Map();
        const imports = new Map();
        for (const st of src.statements) {
          if (ts.isInterfaceDeclaration(st)) interfaces.set(st.name.text, st);
          else if (
            ts.isImportDeclaration(st) &&
            st.importClause?.namedBindings &&
            ts.isNamedImports(st.importClause.namedBindings)
          ) {
            const from = join(dirname(key), st.moduleSpecifier.text);
            for (const el of st.importClause.namedBindings.elements) imports.set(el.name.text, from);
          }
        }
        files.set(key, { interfaces, imports });
      }
    }
  };
  walk(pkgDir);
  const kinds = new Map();
  for (const [file, f] of files)
    for (const [name, node] of f.interfaces) {
      const lit = (field) => {
        const m = node.members.find((x) => ts.isPropertySignature(x) && x.name.getText() === field);
        const t = m?.type;
        return t && ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : undefined;
      };
      const apiVersion = lit('apiVersion');
      const kind = lit('kind');
      if (apiVersion && kind === name) kinds.set(`${apiVersion}/${kind}`, { file, name });
    }
  return { files, kinds };
}

/** A JSDoc comment's text, one paragraph per line kept, the `*` margins gone. */
function docOf(node) {
  const docs = node.jsDoc;
  if (!docs?.length) return undefined;
  const c = docs[docs.length - 1].comment;
  const text = typeof c === 'string' ? c : Array.isArray(c) ? c.map((x) => x.text ?? '').join('') : undefined;
  return text?.trim() || undefined;
}

/** The interface a declared type refers to, through `Array<X>`, `X[]` and `{[name: string]: X}`. */
function target(decls, file, type) {
  if (!type) return undefined;
  if (ts.isArrayTypeNode(type)) return target(decls, file, type.elementType);
  if (ts.isTypeLiteralNode(type)) {
    const index = type.members.find((m) => ts.isIndexSignatureDeclaration(m));
    return index ? target(decls, file, index.type) : undefined;
  }
  if (!ts.isTypeReferenceNode(type)) return undefined;
  const name = type.typeName.getText();
  if (name === 'Array' && type.typeArguments?.length === 1) return target(decls, file, type.typeArguments[0]);
  const f = decls.files.get(file);
  const home = f?.interfaces.has(name) ? file : f?.imports.get(name);
  const node = home && decls.files.get(home)?.interfaces.get(name);
  return node ? { file: home, name, node } : undefined;
}

/** The definition a schema node refers to (directly, as a list's items or a map's values), or the inline node. */
function schemaTarget(s) {
  if (!isObj(s)) return undefined;
  if (typeof s.$ref === 'string') return { ref: s.$ref };
  if (isObj(s.items)) return schemaTarget(s.items);
  if (isObj(s.additionalProperties)) return schemaTarget(s.additionalProperties);
  if (isObj(s.properties)) return { inline: s };
  return undefined;
}

/** Pairs every definition reachable from the kinds with its interface; returns the descriptions by definition. */
export function kubeDescriptions(kindsJson, pkgDir) {
  const data = JSON.parse(readFileSync(kindsJson, 'utf8'));
  const decls = readDeclarations(pkgDir);
  const out = {};
  const seen = new Set();
  const pair = (defName, iface) => {
    if (seen.has(defName) || !isObj(data.defs[defName])) return;
    seen.add(defName);
    const entry = (out[defName] ??= {});
    const own = docOf(iface.node);
    if (own) entry[''] = own;
    const fields = (schema, node, prefix) => {
      if (!isObj(schema.properties)) return;
      for (const [name, prop] of Object.entries(schema.properties)) {
        const member = node.members.find(
          (m) => ts.isPropertySignature(m) && m.name.getText().replace(/^"|"$/g, '') === name,
        );
        if (!member) continue;
        const doc = docOf(member);
        if (doc) entry[prefix + name] = doc;
        const ours = schemaTarget(prop);
        const theirs = target(decls, iface.file, member.type);
        if (!ours || !theirs) continue;
        if (ours.ref) pair(ours.ref, theirs);
        else fields(ours.inline, theirs.node, `${prefix}${name}.`);
      }
    };
    fields(data.defs[defName], iface.node, '');
  };
  for (const [group, version, kind, defName] of data.kinds) {
    const iface = decls.kinds.get(`${group ? `${group}/` : ''}${version}/${kind}`);
    if (iface) pair(defName, { ...iface, node: decls.files.get(iface.file).interfaces.get(iface.name) });
  }
  return out;
}

/**
 * Writes `outFile` from the installed package; without the package, removes nothing and says so (the
 * server then shows the facts alone). Returns what it wrote, for the log.
 */
export function writeKubeDescriptions(root, outFile) {
  const pkgDir = join(root, 'node_modules', 'kubernetes-types');
  if (!existsSync(join(pkgDir, 'package.json'))) {
    process.stderr.write('kubernetes-types is not installed: hover of Kubernetes kinds shows no descriptions\n');
    return undefined;
  }
  const version = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
  const defs = kubeDescriptions(join(root, 'server/src/model/kube/kinds.json'), pkgDir);
  const text = JSON.stringify({ source: `kubernetes-types@${version}`, defs });
  writeFileSync(outFile, text);
  return { defs: Object.keys(defs).length, bytes: text.length };
}

// `node scripts/kube-descriptions.mjs OUT.json`: the same, alone.
if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
  const r = writeKubeDescriptions(root, resolve(process.argv[2] ?? join(root, 'dist', 'kube-descriptions.json')));
  if (r) process.stdout.write(`${r.defs} definitions, ${r.bytes} bytes\n`);
}

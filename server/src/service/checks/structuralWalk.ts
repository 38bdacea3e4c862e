// The structural check of one document against the model: types, required fields, unknown fields,
// enums (with case and other-version hints), limits, formats, exclusive members and reference shapes.
// Everything here is driven by the model's data; rules that relate several fields live in rules/.
// Over 400 lines: one class, since objects, lists, maps and aliases recurse through `value` and share the
// walk's state (the alias budget, `partial`); a scalar's own checks are walkScalars.ts.
import { isAlias, isMap, isScalar, isSeq, YAMLMap, type Node, type Pair } from 'yaml';
import type { ArrayType, Field, MapType, ObjectType, StringType, Type } from '../../model/types';
import { nearAll } from './fixes/candidates';
import { insertRequiredFix } from './fixes/insertRequired';
import { moveUnderFix, wrapFlatFix } from './fixes/wrapFlat';
import { keepOneFix, unknownFieldFix } from './fixes/remove';
import { sampleString } from './samples';
import { closest, listOf, nearest } from '../core/suggest';
import {
  clusterValue,
  describeNode,
  isNullish,
  keyName,
  keySpanOf,
  presentKeys,
  resolveAlias,
  spanOf,
  type Span,
} from '../core/yamlNodes';
import { matchesPattern } from '../core/patternTest';
import { join, typeWord, type WalkContext } from './walkContext';
import { checkScalar } from './walkScalars';

const DIRECTIVE = /^\$(?:patch|retainKeys|setElementOrder\/|deleteFromPrimitiveList\/)/;

/** Few fields: all of them. Many: the nearest few, and where the whole list is (completion and hover). */
function knownFields(name: string, near: string | undefined, known: string[]): string {
  const MAX = 8;
  if (known.length <= MAX) return `Allowed: ${listOf(known, MAX)}.`;
  const all = `${known.length} fields in all; completion on this key lists them`;
  return near ? `(${all}.)` : `Nearest names: ${listOf(closest(name, known, 5), 5)} (${all}).`;
}

/** A required string written `""` where the field's own checks accept it (no format, pattern or minimum). */
function isEmptyAccepted(t: Type, value: unknown): boolean {
  if (t.kind !== 'string' || !isScalar(value) || value.value !== '') return false;
  if (t.enum || t.format || (t.minLength ?? 0) > 0) return false;
  return matchesPattern(t, '');
}

/** The fields of an object type as entries, and the required ones: computed once per type (hot path). */
const fieldCache = new WeakMap<ObjectType, { entries: [string, Field][]; required: [string, Field][] }>();
function fieldsOf(t: ObjectType) {
  let f = fieldCache.get(t);
  if (!f) {
    const entries = Object.entries(t.fields);
    fieldCache.set(t, (f = { entries, required: entries.filter(([, x]) => x.required) }));
  }
  return f;
}

/** Nodes checked through aliases and merge keys per manifest: bounds the work an alias bomb can cause. */
const ALIAS_BUDGET = 20_000;

export class Walker {
  private aliasBudget = ALIAS_BUDGET;
  constructor(private readonly ctx: WalkContext) {}

  /**
   * Checks `node` against `type`. `label` is the dotted path for messages; `anchor` the span diagnostics
   * about the whole value point at (the key of the pair holding it, never the whole document).
   * `schemaPath` is the field-name path used for other-version look-ups.
   */
  value(node: unknown, type: Type, label: string, anchor: Span, schemaPath: string[]): void {
    if (type.kind === 'open' || node === undefined) return;
    const { doc, out } = this.ctx;
    if (out.redirect && --this.aliasBudget < 0) return;
    if (isAlias(node)) {
      const target = resolveAlias(doc, node);
      if (target === undefined)
        return out.report(
          'yaml-syntax',
          spanOf(node),
          `Alias \`*${node.source}\` names no anchor defined before it; the document does not load.`,
        );
      if (isScalar(target)) return checkScalar(this.ctx, clusterValue(target), spanOf(node), type, label, schemaPath);
      if (
        (isMap(target) && (type.kind === 'object' || type.kind === 'map')) ||
        (isSeq(target) && type.kind === 'array')
      ) {
        // The anchored content is checked against the type where it is used, reported at the alias.
        if (this.aliasBudget <= 0) return;
        const was = out.redirect;
        out.redirect ??= spanOf(node);
        try {
          this.value(target, type, label, spanOf(node), schemaPath);
        } finally {
          out.redirect = was;
        }
        return;
      }
      return out.report(
        'wrong-type',
        spanOf(node),
        `\`${label}\` must be ${typeWord(type)}; found ${describeNode(doc, target)}.`,
      );
    }
    switch (type.kind) {
      case 'object':
        if (!isMap(node)) return this.wrongType(node, type, label);
        return this.object(node, type, label, anchor, schemaPath);
      case 'map':
        if (!isMap(node)) return this.wrongType(node, type, label);
        return this.map(node, type, label, anchor, schemaPath);
      case 'array':
        if (!isSeq(node)) return this.wrongType(node, type, label);
        return this.wholeItems(() => this.array(node as Node & { items: unknown[] }, type, label, anchor, schemaPath));
      default:
        if (!isScalar(node)) return this.wrongType(node, type, label);
        return checkScalar(this.ctx, clusterValue(node), spanOf(node), type, label, schemaPath);
    }
  }

  /**
   * A merge patch replaces a list whole: its items are complete even in a partial manifest (not so in a
   * patch of a built-in kind, whose lists Kustomize merges item by item).
   */
  private wholeItems(walk: () => void): void {
    if (this.ctx.itemsMerge) return walk();
    const was = this.ctx.partial;
    this.ctx.partial = false;
    try {
      walk();
    } finally {
      this.ctx.partial = was;
    }
  }

  private wrongType(node: unknown, type: Type, label: string) {
    if (isNullish(node)) return; // a key just typed: no error for optional fields
    this.ctx.out.report(
      'wrong-type',
      spanOf(node),
      `\`${label}\` must be ${typeWord(type)}; found ${describeNode(this.ctx.doc, node)}.`,
    );
  }

  /** The `-` of an empty list item (its null scalar has an empty range just after the dash). */
  private dashOf(item: unknown, fallback: Span): Span {
    const [start] = spanOf(item);
    const text = this.ctx.text;
    if (text) {
      let i = Math.min(start, text.length) - 1;
      while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
      if (i >= 0 && text[i] === '-') return [i, i + 1];
    }
    const s = spanOf(item);
    return s[1] > s[0] ? s : fallback;
  }

  private array(
    node: Node & { items: unknown[] },
    t: ArrayType,
    label: string,
    anchor: Span,
    schemaPath: string[],
  ): void {
    const out = this.ctx.out;
    const n = node.items.length;
    if (t.maxItems !== undefined && n > t.maxItems) {
      const extra = node.items[t.maxItems];
      out.report(
        'item-count',
        extra ? spanOf(extra) : anchor,
        `\`${label}\` has ${n} items; at most ${t.maxItems} ${t.maxItems === 1 ? 'is' : 'are'} allowed.`,
      );
    }
    if (t.minItems !== undefined && n < t.minItems)
      out.report(
        'item-count',
        anchor,
        `\`${label}\` has ${n} item${n === 1 ? '' : 's'}; at least ${t.minItems} ${t.minItems === 1 ? 'is' : 'are'} required.`,
      );
    const seen = new Map<string, number>();
    node.items.forEach((item, i) => {
      const itemLabel = join(label, i);
      if (isNullish(item) && t.items.kind !== 'open') {
        // A `nullable` item may be null (a CRD's `items: {nullable: true}`).
        if (isScalar(item) && !t.nullableItems)
          out.report(
            'wrong-type',
            this.dashOf(item, anchor),
            `\`${itemLabel}\` is empty; it must be ${typeWord(t.items)}.`,
          );
        return;
      }
      this.value(item, t.items, itemLabel, anchorOfItem(item, anchor), [...schemaPath, '[]']);
      if (t.mapKeys && isMap(item)) this.listMapKey(item, t, itemLabel, label, i, seen);
      else if (t.unique && !t.uniqueBy) this.setItem(item, itemLabel, label, i, seen);
      if (t.uniqueBy && isMap(item)) {
        const key = presentKeys(this.ctx.doc, item).get(t.uniqueBy);
        const v = key && isScalar(key.value) ? key.value.value : undefined;
        if (typeof v === 'string' || typeof v === 'number') {
          const first = seen.get(String(v));
          if (first !== undefined)
            out.report(
              'duplicate-item',
              spanOf(key!.value),
              `\`${join(itemLabel, t.uniqueBy)}\` "${v}" is already used by \`${label}[${first}]\`; it must be unique.`,
            );
          else seen.set(String(v), i);
        }
      }
    });
  }

  /** An item of a `x-kubernetes-list-type: map` list: its key values together must not repeat. */
  private listMapKey(
    item: YAMLMap,
    t: ArrayType,
    itemLabel: string,
    label: string,
    i: number,
    seen: Map<string, number>,
  ) {
    const keys = t.mapKeys!;
    const present = presentKeys(this.ctx.doc, item);
    const values = keys.map((k) => present.get(k));
    // A key left out takes its default on the server (`protocol: TCP`); without one, the item is not judged.
    const defaults = t.items.kind === 'object' ? t.items.fields : {};
    const scalars = values.map((e, j) =>
      e ? (isScalar(e.value) ? e.value.value : undefined) : defaults[keys[j]]?.default,
    );
    if (scalars.some((v) => typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')) return;
    const at = values.find((e) => e !== undefined);
    if (!at) return;
    const id = JSON.stringify(scalars);
    const first = seen.get(id);
    if (first === undefined) return void seen.set(id, i);
    const what = keys.map((k, j) => `\`${k}\` ${JSON.stringify(scalars[j])}`).join(' and ');
    this.ctx.out.report(
      'duplicate-item',
      spanOf(at.value),
      `\`${itemLabel}\` has the same ${what} as \`${label}[${first}]\`; items of this list must differ in ${listOf(keys, 8, 'and')}.`,
    );
  }

  /** An item of a set (`uniqueItems`, `x-kubernetes-list-type: set`): it must not equal an earlier one. */
  private setItem(item: unknown, itemLabel: string, label: string, i: number, seen: Map<string, number>) {
    const node = isAlias(item) ? resolveAlias(this.ctx.doc, item) : item;
    const value = isScalar(node) ? node.value : (node as Node | undefined)?.toJSON?.();
    const id = JSON.stringify(value, (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
        : v,
    );
    if (id === undefined) return;
    const first = seen.get(id);
    if (first === undefined) return void seen.set(id, i);
    this.ctx.out.report(
      'duplicate-item',
      spanOf(item),
      `\`${itemLabel}\` repeats \`${label}[${first}]\`; the items of this list must all differ.`,
    );
  }

  private map(node: YAMLMap, t: MapType, label: string, anchor: Span, schemaPath: string[]): void {
    const out = this.ctx.out;
    const entries = [...presentKeys(this.ctx.doc, node).entries()];
    if (t.minEntries !== undefined && entries.length < t.minEntries)
      out.report(
        'map-limits',
        anchor,
        `\`${label}\` has ${entries.length} entries; at least ${t.minEntries} ${t.minEntries === 1 ? 'is' : 'are'} required.`,
      );
    if (t.maxEntries !== undefined && entries.length > t.maxEntries) {
      out.report(
        'map-limits',
        spanOf(entries[t.maxEntries][1].key),
        `\`${label}\` has ${entries.length} entries; at most ${t.maxEntries} are allowed.`,
      );
    }
    for (const [k, e] of entries) {
      if (this.ctx.patchDirectives && DIRECTIVE.test(k)) continue;
      if (t.keyMaxLength !== undefined && k.length > t.keyMaxLength)
        out.report(
          'map-limits',
          spanOf(e.key),
          `\`${label}\` key "${k.slice(0, 40)}…" is ${k.length} characters long; keys must be at most ${t.keyMaxLength}.`,
        );
      if (
        t.values.kind === 'string' &&
        t.values.maxLength !== undefined &&
        isScalar(e.value) &&
        typeof e.value.value === 'string'
      ) {
        if (e.value.value.length > t.values.maxLength) {
          out.report(
            'map-limits',
            spanOf(e.value),
            `\`${join(label, k)}\` is ${e.value.value.length} characters long; values must be at most ${t.values.maxLength}.`,
          );
          continue;
        }
      }
      const valueType = t.values.kind === 'string' ? { ...t.values, maxLength: undefined } : t.values;
      this.value(e.value, valueType, join(label, k), spanOf(e.key), [...schemaPath, '{}']);
    }
  }

  object(node: YAMLMap, t: ObjectType, label: string, anchor: Span, schemaPath: string[]): void {
    const { doc, out } = this.ctx;
    const keys = presentKeys(doc, node);
    if (t.flat && this.writtenFlat(node, keys, t, t.flat, label, anchor, schemaPath)) return;
    // An owner of a fixed kind written as a reference by group and kind: one diagnostic, not one per key.
    const byKind = t.reference === 'known' ? this.ownerByKind(node, keys, label, anchor) : false;
    // `spec` fields written without `spec:` (at a manifest's top level): one diagnostic, not one per key.
    const flatInto =
      t.flatInto && t.unknownFields !== 'accept' && !keys.has(t.flatInto)
        ? this.writtenInto(node, t, t.flatInto, label, schemaPath)
        : [];
    // A required field written misspelt is one mistake: the unknown key says so, the field is not also missing.
    const misspelt = new Set<string>();
    // Unknown fields and complex keys.
    for (const item of node.items) {
      const name = keyName(item);
      if (name === undefined) {
        out.report('wrong-type', keySpanOf(this.ctx.text, item.key), `Keys of \`${label}\` must be plain strings.`);
        continue;
      }
      if (name === '<<' || Object.prototype.hasOwnProperty.call(t.fields, name)) continue;
      if (this.ctx.patchDirectives && DIRECTIVE.test(name)) continue;
      if (t.unknownFields === 'accept') continue;
      if (byKind && (name === 'group' || name === 'kind')) continue;
      if (flatInto.includes(name)) continue;
      const known = Object.keys(t.fields);
      const near = nearest(name, known);
      // Only where the shape is known (an unknown key of an approximate shape may be a field of its own).
      const missingNear =
        !!near && !this.ctx.partial && t.unknownFields !== 'warning' && !!t.fields[near]?.required && !keys.has(near);
      if (missingNear) misspelt.add(near);
      out.report(
        'unknown-field',
        keySpanOf(this.ctx.text, item.key),
        `${label ? `\`${label}\` has no field` : 'A manifest has no top-level field'} \`${name}\`.${near ? ` Did you mean \`${near}\`${missingNear ? ' (required, and missing)' : ''}?` : ''} ${knownFields(name, near, known)}`,
        t.unknownFields === 'warning' ? 'warning' : undefined,
        this.ctx.text
          ? unknownFieldFix(this.ctx.text, node, item.key as Node, name, near ? nearAll(name, known) : [], (k) =>
              keys.has(k),
            )
          : undefined,
      );
    }
    if (t.minProperties !== undefined && keys.size < t.minProperties)
      out.report(
        'map-limits',
        anchor,
        `${label ? `\`${label}\`` : 'The manifest'} has ${keys.size} fields; at least ${t.minProperties} ${t.minProperties === 1 ? 'is' : 'are'} required.`,
      );
    if (t.maxProperties !== undefined && keys.size > t.maxProperties)
      out.report(
        'map-limits',
        anchor,
        `${label ? `\`${label}\`` : 'The manifest'} has ${keys.size} fields; at most ${t.maxProperties} are allowed.`,
      );
    const { entries, required } = fieldsOf(t);
    // Required fields.
    const missing = this.ctx.partial
      ? []
      : required.filter(([k]) => !keys.has(k) && !misspelt.has(k) && !(flatInto.length > 0 && k === t.flatInto));
    // A field required by a ≈ fact (reference-shapes.md) is reported apart, as a warning.
    for (const approx of [false, true]) {
      const names = missing.filter(([, f]) => !!f.requiredApprox === approx).map(([k]) => k);
      if (names.length === 0) continue;
      out.report(
        'missing-required',
        anchor,
        `${label ? `\`${label}\` is` : 'The manifest is'} missing required field${names.length > 1 ? 's' : ''} ${listOf(names, 12, 'and')}.`,
        approx ? 'warning' : undefined,
        this.ctx.text ? insertRequiredFix(this.ctx.text, node, t, names) : undefined,
      );
    }
    for (const [k, f] of entries) {
      const e = keys.get(k);
      if (!e) continue;
      // In a patch, `null` deletes the field from the base (a problem of the rendered result, if any);
      // `null` is a value for a nullable field (a CRD's `nullable: true`), not an absent one.
      if (f.required && !f.nullable && isNullish(e.value)) {
        if (this.ctx.partial) continue;
        out.report(
          'missing-required',
          spanOf(e.key),
          `\`${join(label, k)}\` is required but has no value; it must be ${typeWord(f.type)}.`,
        );
        continue;
      }
      if (f.required && !this.ctx.emptyAccepted && isEmptyAccepted(f.type, e.value)) {
        // `""` passes every check of a free-text string, yet the service gets no value: the missing-field fix
        // writes it, and it stays flagged (a warning) until the user fills it.
        out.report(
          'placeholder-value',
          spanOf(e.value),
          `\`${join(label, k)}\` is empty: write its value, e.g. \`${sampleString(k, f.type as StringType)}\` (an empty string passes the schema, but the service needs a value).`,
        );
      }
      if (e.merged) {
        // Merged in via `<<`: checked against this type, reported at the merge key.
        if (this.aliasBudget <= 0) continue;
        const was = out.redirect;
        out.redirect ??= spanOf(e.key);
        try {
          this.field(e.value, f, join(label, k), spanOf(e.key), [...schemaPath, k]);
        } finally {
          out.redirect = was;
        }
        continue;
      }
      this.field(e.value, f, join(label, k), spanOf(e.key), [...schemaPath, k]);
    }
    this.mergeSources(node, keys, t, label);
    this.exclusive(node, keys, t, label, anchor);
    if (t.reference && !byKind) this.reference(node, keys, t, label, anchor);
  }

  /**
   * `group` and `kind` in an owner whose kind is fixed by the owned kind (a KnownResourceReference): one
   * `reference-shape` on the first of them, with the fix that keeps `name` (or `armId`), instead of an
   * unknown field per key and a missing `name`. True when reported.
   */
  private ownerByKind(
    node: YAMLMap,
    keys: Map<string, { key: Node; value: Node | null; merged?: boolean }>,
    label: string,
    anchor: Span,
  ): boolean {
    const extra = ['group', 'kind'].filter((k) => keys.has(k) && !keys.get(k)!.merged);
    if (extra.length === 0) return false;
    const kept = ['name', 'armId'].filter((k) => keys.has(k) && !keys.get(k)!.merged);
    const members = [...extra, ...kept].map((k) => ({ name: k, key: keys.get(k)!.key }));
    const first = spanOf(keys.get(extra[0])!.key);
    this.ctx.out.report(
      'reference-shape',
      first[1] > first[0] ? first : anchor,
      `\`${label}\` gives ${listOf(extra, 2, 'and')}, but this owner's kind is fixed by the manifest's own kind: give the owner's \`name\` (or its \`armId\`) alone${kept.length ? `; remove ${listOf(extra, 2, 'and')}` : ''}.`,
      undefined,
      this.ctx.text && kept.length === 1 ? keepOneFix(this.ctx.text, node, members, [kept]) : undefined,
    );
    return true;
  }

  /**
   * An item of a one-member container written flat (`operatorType: NumberIn`, `key`, `values` with no
   * `numberIn:` around them): one diagnostic naming the member to write, with the fix that wraps the entries
   * in it, and the entries checked as that member's (instead of one unknown field per entry and a missing
   * member). True when the item was written flat and so handled.
   */
  private writtenFlat(
    node: YAMLMap,
    keys: Map<string, { key: Node; value: Node | null }>,
    t: ObjectType,
    flat: NonNullable<ObjectType['flat']>,
    label: string,
    anchor: Span,
    schemaPath: string[],
  ): boolean {
    const d = keys.get(flat.discriminator);
    if (!d || [...keys.keys()].some((k) => Object.prototype.hasOwnProperty.call(t.fields, k))) return false;
    const v = isScalar(d.value) ? d.value.value : undefined;
    const byValue = Object.entries(flat.members);
    const member =
      typeof v === 'string'
        ? (flat.members[v] ?? byValue.find(([x]) => x.toLowerCase() === v.toLowerCase())?.[1])
        : undefined;
    const memberType = member ? t.fields[member]?.type : undefined;
    const shapeOf = (m: string, value: string): string => {
      const mt = t.fields[m]?.type;
      const fields = mt?.kind === 'object' ? mt.fields : {};
      const keysOf = [...keys.keys()].filter((k) => k !== flat.discriminator);
      const rest = keysOf.map((k) => `${k}: ${fields[k]?.type.kind === 'array' ? '[…]' : '…'}`);
      return `${m}: {${[`${flat.discriminator}: ${value}`, ...rest].join(', ')}}`;
    };
    if (!member || memberType?.kind !== 'object') {
      const [firstValue, firstMember] = byValue[0];
      this.ctx.out.report(
        'missing-member',
        anchor,
        `\`${label}\` is written flat, and its \`${flat.discriminator}\` ${v === undefined || v === null ? 'is empty' : `"${String(v)}" names no member`}; \`${flat.discriminator}\` is one of ${listOf(byValue.map(([x]) => x))}, and the entries go under the member it names: write e.g. \`${shapeOf(firstMember, firstValue)}\`.`,
      );
      return true;
    }
    this.ctx.out.report(
      'missing-member',
      anchor,
      `\`${label}\` is written flat: its entries belong under the member its \`${flat.discriminator}\` names; write \`${shapeOf(member, String(v))}\`.`,
      undefined,
      this.ctx.text ? wrapFlatFix(this.ctx.text, node, member) : undefined,
    );
    this.object(node, memberType, join(label, member), anchor, [...schemaPath, member]);
    return true;
  }

  /**
   * Fields of member `into` (a manifest's `spec`) written directly in this object, `into` itself absent:
   * one `unknown-field` on the first, naming them all, with the fix that moves them under `into:`; they are
   * then checked as `into`'s. Returns their names (empty when there are none).
   */
  private writtenInto(node: YAMLMap, t: ObjectType, into: string, label: string, schemaPath: string[]): string[] {
    const target = t.fields[into]?.type;
    if (target?.kind !== 'object') return [];
    const pairs = node.items.filter((p): p is Pair => {
      const k = keyName(p);
      return (
        k !== undefined &&
        !Object.prototype.hasOwnProperty.call(t.fields, k) &&
        Object.prototype.hasOwnProperty.call(target.fields, k)
      );
    });
    if (pairs.length === 0) return [];
    const names = pairs.map((p) => keyName(p)!);
    const where = label ? `directly in \`${label}\`` : 'at the top level of the manifest';
    const first = spanOf(pairs[0].key);
    this.ctx.out.report(
      'unknown-field',
      first,
      `${listOf(names, 6, 'and')} ${names.length > 1 ? 'are fields' : 'is a field'} of \`${into}\`, written ${where}: put ${names.length > 1 ? 'them' : 'it'} under \`${into}:\`.`,
      undefined,
      this.ctx.text ? moveUnderFix(this.ctx.text, node, pairs, into) : undefined,
    );
    const sub = new YAMLMap();
    sub.items = pairs;
    // Checked where they are, without fixes: a fix's edits would be placed as if `into:` were written.
    const text = this.ctx.text;
    this.ctx.text = undefined;
    try {
      this.object(sub, target, join(label, into), first, [...schemaPath, into]);
    } finally {
      this.ctx.text = text;
    }
    return names;
  }

  /** `<<` sources must be mappings; keys they bring in must be fields of the type. */
  private mergeSources(
    node: YAMLMap,
    keys: Map<string, { key: Node; merged?: boolean }>,
    t: ObjectType,
    label: string,
  ) {
    const { doc, out } = this.ctx;
    for (const item of node.items) {
      if (keyName(item) !== '<<') continue;
      const sources = isSeq(item.value) ? item.value.items : [item.value];
      for (const src of sources) {
        const target = resolveAlias(doc, src);
        if (target !== undefined && !isMap(target))
          out.report(
            'wrong-type',
            spanOf(src),
            `The merge key \`<<\` in \`${label || 'the manifest'}\` must bring in a mapping; found ${describeNode(doc, target)}.`,
          );
      }
    }
    for (const [k, e] of keys) {
      if (!e.merged || t.unknownFields === 'accept' || Object.prototype.hasOwnProperty.call(t.fields, k)) continue;
      out.report(
        'unknown-field',
        spanOf(e.key),
        `\`${label || 'the manifest'}\` gets field \`${k}\` through the merge key, but has no such field.`,
        t.unknownFields === 'warning' ? 'warning' : undefined,
      );
    }
  }

  private field(node: unknown, f: Field, label: string, anchor: Span, schemaPath: string[]) {
    const out = this.ctx.out;
    const was = out.approx;
    if (f.approx) out.approx = true;
    try {
      this.value(node, f.type, label, anchor, schemaPath);
    } finally {
      out.approx = was;
    }
  }

  private exclusive(
    node: YAMLMap,
    keys: Map<string, { key: Node; value: Node | null; merged?: boolean }>,
    t: ObjectType,
    label: string,
    anchor: Span,
  ) {
    for (const g of t.exclusive ?? []) {
      // In document order, so the member written first is kept and the later ones are marked.
      const present = g.members
        .filter((m) => keys.has(m) && !isNullish(keys.get(m)!.value))
        .sort((a, b) => spanOf(keys.get(a)!.key)[0] - spanOf(keys.get(b)!.key)[0]);
      if (present.length > 1) {
        const members = present.filter((m) => !keys.get(m)!.merged).map((m) => ({ name: m, key: keys.get(m)!.key }));
        const fix =
          this.ctx.text && members.length === present.length
            ? keepOneFix(
                this.ctx.text,
                node,
                members,
                present.map((m) => [m]),
              )
            : undefined;
        for (const m of present.slice(1)) {
          this.ctx.out.report(
            'exclusive-members',
            spanOf(keys.get(m)!.key),
            `\`${label}\` sets both \`${present[0]}\` and \`${m}\`; ${g.mode === 'exactlyOne' ? 'exactly one' : 'at most one'} of ${listOf(g.members)} may be set.`,
            undefined,
            fix,
          );
        }
      } else if (present.length === 0 && g.mode === 'exactlyOne' && !this.ctx.partial) {
        // An empty key just typed is still being written.
        const typed = g.members.some((m) => keys.has(m));
        if (!typed)
          this.ctx.out.report(
            'missing-member',
            anchor,
            `\`${label}\` must set exactly one of ${listOf(g.members)}; it sets none.`,
          );
      }
    }
  }

  private reference(
    node: YAMLMap,
    keys: Map<string, { key: Node; value: Node | null; merged?: boolean }>,
    t: ObjectType,
    label: string,
    anchor: Span,
  ) {
    const out = this.ctx.out;
    /** Keep one consistent set of members, remove the others (written keys only, not merged ones). */
    const keep = (names: string[], sets: string[][]) => {
      const members = names.filter((k) => !keys.get(k)!.merged).map((k) => ({ name: k, key: keys.get(k)!.key }));
      return this.ctx.text && members.length === names.length
        ? keepOneFix(this.ctx.text, node, members, sets)
        : undefined;
    };
    const has = (k: string) => keys.has(k) && !isNullish(keys.get(k)!.value);
    // What a partial reference lacks, the base may give: only members written together are checked.
    const partial = this.ctx.partial === true;
    const at = (k: string) => spanOf(keys.get(k)!.key);
    if (t.reference === 'known') {
      if (has('name') && has('armId'))
        out.report(
          'reference-shape',
          at('armId'),
          `\`${label}\` sets both \`name\` and \`armId\`; give exactly one of them.`,
          undefined,
          keep(['name', 'armId'], [['name'], ['armId']]),
        );
      else if (!partial && !has('name') && !has('armId') && !keys.has('name') && !keys.has('armId'))
        out.report('reference-shape', anchor, `\`${label}\` must give the owner's \`name\` or its \`armId\`.`);
      return;
    }
    if (t.reference === 'wellKnown' && has('wellKnownName')) {
      for (const k of ['group', 'kind', 'name', 'armId'].filter(has))
        out.report(
          'reference-shape',
          at(k),
          `\`${label}\` sets \`wellKnownName\` and \`${k}\`; a built-in role by name stands alone.`,
        );
      return;
    }
    const gkn = ['group', 'kind', 'name'];
    if (has('armId')) {
      const written = gkn.filter(has);
      const fix = keep(['armId', ...written], written.length === 3 ? [['armId'], gkn] : [['armId']]);
      for (const k of written)
        out.report(
          'reference-shape',
          at(k),
          `\`${label}\` sets \`armId\` and \`${k}\`; give either \`armId\` alone or all of \`group\`, \`kind\` and \`name\`.`,
          undefined,
          fix,
        );
      return;
    }
    const present = gkn.filter((k) => keys.has(k));
    const missing = gkn.filter((k) => !keys.has(k));
    if (partial) return;
    if (present.length === 0 && !keys.has('armId')) {
      const alt = t.reference === 'wellKnown' ? '`wellKnownName`, ' : '';
      out.report(
        'reference-shape',
        anchor,
        `\`${label}\` must give ${alt}\`armId\`, or all of \`group\`, \`kind\` and \`name\`.`,
      );
    } else if (missing.length > 0 && present.length > 0) {
      out.report(
        'reference-shape',
        anchor,
        `\`${label}\` gives ${listOf(present)} but not ${listOf(missing)}; a reference by name needs \`group\`, \`kind\` and \`name\` (or \`armId\` alone).`,
      );
    }
  }
}

/** Span for diagnostics about a list item as a whole: its first key, or the item itself. */
function anchorOfItem(item: unknown, fallback: Span): Span {
  if (isMap(item) && item.items.length > 0) return spanOf(item.items[0].key);
  const s = spanOf(item);
  return s[1] > s[0] ? s : fallback;
}

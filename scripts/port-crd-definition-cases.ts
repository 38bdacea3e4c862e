// Writes test/service/crd-definition/cases.json from Kubernetes' TestValidateCustomResourceDefinitionValidation
// (apiextensions-apiserver pkg/apis/apiextensions/validation/validation_test.go): the cases from "valid
// x-kubernetes-validations for scalar element" to the end of its table, each as its openAPIV3Schema (JSON), its
// options and the errors Kubernetes expects (type and field path). The Go struct literals are read by a small
// parser of Go composite literals, enough for that table: an unknown field stops the script rather than
// being dropped. `npx tsx scripts/port-crd-definition-cases.ts <validation_test.go>`, then `npx prettier --write`
// on the output, which is committed (from apiextensions-apiserver 1aa2717a552e).
import { readFileSync, writeFileSync } from 'node:fs';

const FIRST = 'valid x-kubernetes-validations for scalar element';
const OUT = 'test/service/crd-definition/cases.json';

type Tok = { t: 'str' | 'num' | 'id' | 'p'; v: string };

function tokens(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) i++;
    else if (src.startsWith('//', i)) i = src.indexOf('\n', i) < 0 ? src.length : src.indexOf('\n', i);
    else if (src.startsWith('/*', i)) i = src.indexOf('*/', i) + 2;
    else if (c === '`') {
      const j = src.indexOf('`', i + 1);
      out.push({ t: 'str', v: src.slice(i + 1, j) });
      i = j + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      // A Go interpreted string literal: its escapes are JSON's, but for \' \a \v \x (absent from the table).
      out.push({ t: 'str', v: JSON.parse(src.slice(i, j + 1)) as string });
      i = j + 1;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9_.]+/.exec(src.slice(i))![0];
      out.push({ t: 'num', v: m.replace(/_/g, '') });
      i += m.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i))![0];
      out.push({ t: 'id', v: m });
      i += m.length;
    } else {
      out.push({ t: 'p', v: c });
      i++;
    }
  }
  return out;
}

/** A Go value: a composite literal (its type's text, keyed or not), a call, or a literal. */
type Go =
  | { kind: 'composite'; type: string; keyed: [string, Go][]; items: Go[] }
  | { kind: 'call'; fn: string; args: Go[] }
  | { kind: 'lit'; value: string | number | boolean | null };

class Parser {
  i = 0;
  constructor(readonly toks: Tok[]) {}
  peek = (k = 0) => this.toks[this.i + k];
  next = () => this.toks[this.i++];
  eat(v: string) {
    const t = this.next();
    if (t.v !== v) throw new Error(`expected ${v}, got ${t.v} at token ${this.i}`);
  }
  /** A type's text: `map[string]T`, `[]T`, `*T`, `pkg.Name`, `Name`, `struct{…}` is not needed. */
  type(): string {
    const t = this.peek();
    if (t.v === '*') return this.next().v + this.type();
    if (t.v === '[') {
      this.eat('[');
      this.eat(']');
      return '[]' + this.type();
    }
    if (t.v === 'map') {
      this.next();
      this.eat('[');
      const k = this.type();
      this.eat(']');
      return `map[${k}]${this.type()}`;
    }
    let name = this.next().v;
    while (this.peek().v === '.') {
      this.next();
      name += '.' + this.next().v;
    }
    if (name === 'interface') {
      this.eat('{');
      this.eat('}');
      name = 'interface{}';
    }
    return name;
  }
  value(): Go {
    const t = this.peek();
    if (t.v === '&') {
      this.next();
      return this.value();
    }
    if (t.t === 'str') return { kind: 'lit', value: this.next().v };
    if (t.t === 'num') return { kind: 'lit', value: Number(this.next().v) };
    if (t.v === '-' && this.peek(1).t === 'num') {
      this.next();
      return { kind: 'lit', value: -Number(this.next().v) };
    }
    if (t.v === 'true' || t.v === 'false') return { kind: 'lit', value: this.next().v === 'true' };
    if (t.v === 'nil') return (this.next(), { kind: 'lit', value: null });
    if (t.v === '{') return this.composite('');
    const type = this.type();
    if (this.peek().v === '[') {
      // A generic instantiation: ptr.To[int64](10).
      this.eat('[');
      this.type();
      this.eat(']');
    }
    if (this.peek().v === '(') {
      this.eat('(');
      const args: Go[] = [];
      while (this.peek().v !== ')') {
        args.push(this.value());
        if (this.peek().v === ',') this.next();
      }
      this.eat(')');
      return { kind: 'call', fn: type, args };
    }
    if (this.peek().v === '{') return this.composite(type);
    throw new Error(`unexpected ${type} at token ${this.i}`);
  }
  composite(type: string): Go {
    this.eat('{');
    const keyed: [string, Go][] = [];
    const items: Go[] = [];
    while (this.peek().v !== '}') {
      const t = this.peek();
      if ((t.t === 'id' || t.t === 'str') && this.peek(1).v === ':') {
        this.next();
        this.next();
        keyed.push([t.v, this.value()]);
      } else items.push(this.value());
      if (this.peek().v === ',') this.next();
    }
    this.eat('}');
    return { kind: 'composite', type, keyed, items };
  }
}

type Json = Record<string, unknown>;

const field = (g: Go, name: string): Go | undefined =>
  g.kind === 'composite' ? g.keyed.find(([k]) => k === name)?.[1] : undefined;

/** A plain Go value (ptr.To, jsonPtr and map[string]interface{} literals) as JSON. */
function plain(g: Go): unknown {
  if (g.kind === 'lit') return g.value;
  if (g.kind === 'call' && (g.fn === 'ptr.To' || g.fn === 'jsonPtr')) return plain(g.args[0]);
  if (g.kind === 'composite' && g.keyed.length > 0) return Object.fromEntries(g.keyed.map(([k, v]) => [k, plain(v)]));
  if (g.kind === 'composite') return g.items.map(plain);
  throw new Error(`not a plain value: ${JSON.stringify(g)}`);
}

const SCALARS: Record<string, string> = {
  Type: 'type',
  Format: 'format',
  Description: 'description',
  Pattern: 'pattern',
  MaxLength: 'maxLength',
  MinLength: 'minLength',
  MaxItems: 'maxItems',
  MinItems: 'minItems',
  MaxProperties: 'maxProperties',
  MinProperties: 'minProperties',
  Required: 'required',
  Nullable: 'nullable',
  Default: 'default',
  Enum: 'enum',
  XListType: 'x-kubernetes-list-type',
  XListMapKeys: 'x-kubernetes-list-map-keys',
  XMapType: 'x-kubernetes-map-type',
  XEmbeddedResource: 'x-kubernetes-embedded-resource',
  XPreserveUnknownFields: 'x-kubernetes-preserve-unknown-fields',
  XIntOrString: 'x-kubernetes-int-or-string',
};

const RULE_FIELDS: Record<string, string> = {
  Rule: 'rule',
  Message: 'message',
  MessageExpression: 'messageExpression',
  Reason: 'reason',
  FieldPath: 'fieldPath',
  OptionalOldSelf: 'optionalOldSelf',
};

/** An apiextensions.JSONSchemaProps literal as the JSON of a CRD's schema. */
function schema(g: Go): Json {
  if (g.kind !== 'composite') throw new Error('a schema must be a composite literal');
  const out: Json = {};
  for (const [k, v] of g.keyed) {
    if (k in SCALARS) out[SCALARS[k]] = plain(v);
    else if (k === 'Properties') {
      if (v.kind !== 'composite') throw new Error('Properties');
      out.properties = Object.fromEntries(v.keyed.map(([name, s]) => [name, schema(s)]));
    } else if (k === 'Items') out.items = schema(field(v, 'Schema')!);
    else if (k === 'AdditionalProperties') {
      const s = field(v, 'Schema');
      out.additionalProperties = s ? schema(s) : plain(field(v, 'Allows') ?? { kind: 'lit', value: false });
    } else if (k === 'XValidations') {
      if (v.kind !== 'composite') throw new Error('XValidations');
      out['x-kubernetes-validations'] = v.items.map((r) => {
        if (r.kind !== 'composite') throw new Error('rule');
        const rule: Json = {};
        for (const [rk, rv] of r.keyed) {
          if (!(rk in RULE_FIELDS)) throw new Error(`unknown rule field ${rk}`);
          rule[RULE_FIELDS[rk]] = plain(rv);
        }
        return rule;
      });
    } else throw new Error(`unknown schema field ${k}`);
  }
  return out;
}

function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npx tsx scripts/port-crd-definition-cases.ts <validation_test.go>');
  const src = readFileSync(file, 'utf8');
  const fn = src.indexOf('func TestValidateCustomResourceDefinitionValidation(');
  const name = src.indexOf(`name: ${JSON.stringify(FIRST)}`, fn);
  const start = src.lastIndexOf('{', name);
  const p = new Parser(tokens(src.slice(start, src.indexOf('\nfunc ', start))));
  const cases: Json[] = [];
  for (;;) {
    const c = p.composite('');
    const input = field(c, 'input');
    const opts = field(c, 'opts');
    const env = opts && field(opts, 'celEnvironmentSet');
    const version =
      env?.kind === 'call' && env.args[0].kind === 'call' ? env.args[0].args.map((a) => plain(a)).join('.') : undefined;
    const expected = field(c, 'expectedErrors');
    cases.push({
      name: plain(field(c, 'name')!),
      ...(field(c, 'statusEnabled') ? { statusEnabled: true } : {}),
      opts: {
        requireStructuralSchema: opts
          ? plain(field(opts, 'requireStructuralSchema') ?? { kind: 'lit', value: false })
          : false,
        ...(opts && field(opts, 'allowDefaults') ? { allowDefaults: true } : {}),
        ...(version ? { kubernetesVersion: version } : {}),
      },
      schema: schema(field(input!, 'OpenAPIV3Schema')!),
      expected:
        expected?.kind === 'composite'
          ? expected.items.map((e) => {
              if (e.kind !== 'call') throw new Error('expected error');
              return { type: e.fn, path: plain(e.args[0]) };
            })
          : [],
    });
    p.eat(',');
    if (p.peek().v === '}') break;
  }
  writeFileSync(OUT, JSON.stringify(cases, null, 2) + '\n');
  console.log(`${cases.length} cases written to ${OUT}`);
}

main();

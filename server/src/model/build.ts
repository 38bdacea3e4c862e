// Small constructors that keep the model files close to the spec's tables: one line per field row.
import type {
  ArrayType,
  BoolType,
  EnumValue,
  ExclusiveGroup,
  Field,
  IntType,
  MapType,
  NumberType,
  ObjectType,
  OpenType,
  StringType,
  Type,
} from './types';

export const str = (opts: Omit<StringType, 'kind'> = {}): StringType => ({ kind: 'string', ...opts });
export const int = (opts: Omit<IntType, 'kind'> = {}): IntType => ({ kind: 'int', ...opts });
export const num = (opts: Omit<NumberType, 'kind'> = {}): NumberType => ({ kind: 'number', ...opts });
export const bool = (): BoolType => ({ kind: 'bool' });
export const arr = (items: Type, opts: Omit<ArrayType, 'kind' | 'items'> = {}): ArrayType => ({
  kind: 'array',
  items,
  ...opts,
});
export const map = (values: Type = str(), opts: Omit<MapType, 'kind' | 'values'> = {}): MapType => ({
  kind: 'map',
  values,
  ...opts,
});
export const open = (name: string, note: string): OpenType => ({ kind: 'open', name, note });

/** An enum of string values; `values` items are a value or `[value, meaning]`. */
export function enm(values: (string | [string, string])[], enumName?: string): StringType {
  const list: EnumValue[] = values.map((v) => (Array.isArray(v) ? { value: v[0], doc: v[1] } : { value: v }));
  return { kind: 'string', enum: list, ...(enumName ? { enumName } : {}) };
}

export function obj(
  name: string,
  fields: Record<string, Field>,
  opts: {
    doc?: string;
    exclusive?: ExclusiveGroup[];
    unknownFields?: 'error' | 'warning' | 'accept';
    validations?: ObjectType['validations'];
    defaults?: ObjectType['defaults'];
    reference?: ObjectType['reference'];
    flat?: ObjectType['flat'];
    flatInto?: string;
  } = {},
): ObjectType {
  return { kind: 'object', name, fields, ...opts };
}

type FieldOpts = Omit<Field, 'type' | 'doc' | 'required'>;

/** An optional field. */
export const opt = (type: Type, doc: string, opts: FieldOpts = {}): Field => ({ type, doc, ...opts });
/** A required field. */
export const req = (type: Type, doc: string, opts: FieldOpts = {}): Field => ({ type, doc, required: true, ...opts });

export const exactlyOne = (...members: string[]): ExclusiveGroup => ({ members, mode: 'exactlyOne' });
export const atMostOne = (...members: string[]): ExclusiveGroup => ({ members, mode: 'atMostOne' });

// What the structural walk (structuralWalk.ts) is given and the words its messages share: the document,
// its text and reporter, how a value is named (`join`) and a type said (`typeWord`).
import type { Document } from 'yaml';
import type { Type } from '../../model/types';
import type { Reporter } from '../core/diag';
import { listOf } from '../core/suggest';
import type { Move } from './crd/kinds/versions';

/** Finds the same field's type in another version of the kind, to tell "another version's value". */
export type OtherVersionLookup = (path: string[]) => { version: string; type: Type }[];

export interface WalkContext {
  doc: Document;
  /** The document's text, to quote values as the user wrote them. */
  text?: string;
  out: Reporter;
  otherVersions?: OtherVersionLookup;
  /**
   * Moving the whole manifest to another version of its kind (crd/kinds/versions.ts `moveTo`): offered where a
   * value belongs to that version's enumeration. Absent for a patch or a list item, whose apiVersion is not theirs.
   */
  moveToVersion?: (version: string) => Move | undefined;
  /**
   * The manifest is partial (a Kustomize patch): every field written is checked, but nothing is missing,
   * since the base it is merged into may hold it.
   */
  partial?: boolean;
  /**
   * The manifest is a strategic-merge patch: Kustomize's directives (`$patch: delete`,
   * `$setElementOrder/…`, `$retainKeys`, `$deleteFromPrimitiveList/…`) are keys it may write anywhere.
   */
  patchDirectives?: boolean;
  /**
   * The partial manifest is a strategic-merge patch of one of Kubernetes' own kinds: Kustomize merges its
   * lists item by item (a container by its name), so an item is as partial as the patch.
   */
  itemsMerge?: boolean;
  /**
   * `""` in a required string is a value like any other: the manifest is of a CRD's kind, which says no more
   * than its schema (the API server takes `""`, and Gateway API's `group: ""` names the core group). The
   * operator's own kinds flag it (placeholder-value): their service needs a value.
   */
  emptyAccepted?: boolean;
}

/** Joins a dotted label: the manifest root has the empty label. */
export const join = (label: string, key: string | number): string =>
  typeof key === 'number' ? `${label}[${key}]` : label ? `${label}.${key}` : key;

/** The type a value must have, in words. */
export const typeWord = (t: Type): string => {
  switch (t.kind) {
    case 'string':
      return t.numeric ? 'a number or a string' : t.intOrString ? 'an integer or a string' : 'a string';
    case 'int':
      return 'an integer';
    case 'number':
      return 'a number';
    case 'bool':
      return 'a boolean (`true` or `false`)';
    case 'array':
      return 'a list';
    case 'map':
      return 'a mapping of strings';
    case 'object': {
      // The generated type name (`StorageAccountSku`, `…_STATUS`) means nothing to the reader: its fields do.
      const names = Object.keys(t.fields);
      if (names.length === 0) return 'a mapping';
      return `a mapping with ${listOf(names.slice(0, 3), 3, 'and')}${names.length > 3 ? ', …' : ''}`;
    }
    case 'open':
      return 'any value';
  }
};

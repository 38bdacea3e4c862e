// The kinds of the CRDs an analysis reads (files of the workspace, files the `crds` setting names): the
// owner of every CRD document's text and the kinds read from it, kept while its text is the same, and of
// the registry built from them. The analysis (service/analysis.ts) tells it which files hold which CRDs and
// asks for the registry when it needs one; it builds a new one only when a CRD changed.
import type { Registry } from '../../model/registry';
import type { KindDef, UnreadableCrd } from '../../model/types';
import { conflictSpan, crdConflicts, type CrdConflict } from '../checks/crd/kinds/conflicts';
import { mayHoldCrd } from '../checks/crd/kinds/detect';
import { crdTextsOf, crdTextsOfFile, kindsOfCrdText, readCrdText, registryOfKinds } from '../checks/crd/kinds/sources';
import type { Diag } from '../core/diag';
import type { ParsedFile } from '../core/parse';

/** The served kinds of the CustomResourceDefinitions of a file (`schemas --crds`). */
export const servedKindsOf = (uri: string, text: string): KindDef[] =>
  crdTextsOf(text).flatMap((t) => kindsOfCrdText(uri, t).filter((d) => d.crd?.served));

/** A document's `apiVersion` and `kind` from its top-level lines (checks/identity.ts): which kind it is of. */
export { headOf } from '../checks/identity';

/** Whether the head of a file may hold a CustomResourceDefinition (without parsing it). */
export const mayHoldCrds = (head: string): boolean => mayHoldCrd(head);

export class CrdKinds {
  /** The registry given at creation: CRDs are added to it. */
  constructor(private readonly base: Registry) {}

  /**
   * The CRD documents of each file that has some: their texts, and the kinds of each once read (`read`),
   * kept while the text is the same.
   */
  private readonly files = new Map<
    string,
    { texts: string[]; kinds: (KindDef[] | undefined)[]; unreadable: (UnreadableCrd | undefined)[] }
  >();
  /** The CRD documents defining a kind another CRD defines differently, by file (built with the registry). */
  private conflicts = new Map<string, CrdConflict[]>();
  /** The CRDs changed since the registry was built (see `build`). */
  private dirty = false;

  /** Takes the CRD documents of a file, a text or its documents (none: the file holds no CRD any more). */
  set(uri: string, text: string | Pick<ParsedFile, 'docs' | 'basis'> | undefined): void {
    const texts = text === undefined ? [] : typeof text === 'string' ? crdTextsOf(text) : crdTextsOfFile(text);
    const before = this.files.get(uri);
    if (texts.length === 0) {
      if (before) this.dirty = true;
      this.files.delete(uri);
      return;
    }
    if (before && before.texts.length === texts.length && before.texts.every((t, i) => t === texts[i])) return;
    // The documents left as they were keep their kinds: an edit of one CRD of a bundle reads that one again.
    const known = new Map(before?.texts.map((t, i) => [t, i]));
    const kept = (t: string) => known.get(t);
    this.files.set(uri, {
      texts,
      kinds: texts.map((t) => before?.kinds[kept(t) ?? -1]),
      unreadable: texts.map((t) => before?.unreadable[kept(t) ?? -1]),
    });
    this.dirty = true;
  }

  /**
   * Reads the CRD documents not read yet, one at a time until `stop()` says so (the server reads a bundle of
   * tens of MB in slices, answering requests in between); whether all are read. `build` reads the rest.
   */
  read(stop: () => boolean = () => false): boolean {
    for (const [uri, file] of this.files)
      for (let i = 0; i < file.texts.length; i++) {
        if (file.kinds[i]) continue;
        if (stop()) return false;
        const read = readCrdText(uri, file.texts[i]);
        file.kinds[i] = read.kinds;
        file.unreadable[i] = read.unreadable;
      }
    return true;
  }

  /** `sources()` when the registry was last built: what gives another analysis the kinds it holds. */
  private built: { uri: string; text: string }[] = [];

  get builtSources(): readonly { uri: string; text: string }[] {
    return this.built;
  }

  /**
   * Each file's CRD documents as one text, in the order they were taken: read in that order by another
   * analysis (a worker thread's: lsp/offThread.ts), they give it the same kinds.
   */
  private sources(): { uri: string; text: string }[] {
    return [...this.files].map(([uri, f]) => ({
      uri,
      // Each document after the first starts at a marker, as it did in its file (a marker line kept).
      text: f.texts.map((t, i) => (i === 0 || /^---(?=[ \t\r\n]|$)/.test(t) ? t : `---\n${t}`)).join(''),
    }));
  }

  /** The CRDs changed since the registry was last built. */
  get changed(): boolean {
    return this.dirty;
  }

  /** The registry of the base kinds and every CRD's, when the CRDs changed since the last (else undefined). */
  build(): Registry | undefined {
    if (!this.dirty) return undefined;
    this.dirty = false;
    this.read();
    this.built = this.sources();
    this.conflicts = crdConflicts(this.files);
    const perCrd = [...this.files.values()].flatMap((f) => f.kinds as KindDef[][]);
    const unreadable = [...this.files.values()].flatMap((f) => f.unreadable.filter((u) => u !== undefined));
    return registryOfKinds(perCrd, this.base, unreadable);
  }

  /**
   * The warnings on a file's CRDs that define a kind another CRD defines differently; `display` names another
   * file in a message (two files of one name, `crds.yaml` in two folders, are told apart by their whole path).
   */
  conflictsIn(uri: string, textOf: () => string, display: (uri: string) => string): Diag[] {
    const conflicts = this.conflicts.get(uri);
    if (!conflicts) return [];
    // Read only here: the file's whole text, which a version made from an edit joins when asked (fileText.ts).
    const text = textOf();
    const name = (u: string) =>
      u === uri ? 'this file' : display(u) === display(uri) ? decodeURI(u.replace(/^file:\/\//, '')) : display(u);
    return conflicts.map((c): Diag => {
      const [start, end] = conflictSpan(text, c);
      return {
        code: 'crd-kind-conflict',
        start,
        end,
        message: `Kind ${c.kind} of group ${c.group} is defined by two CRDs that differ: ${name(c.other)}. The kinds are taken from the first CRD by file path (${name(c.used)}); keep one definition, the one the cluster has.`,
      };
    });
  }
}

// Moving a manifest to another version of its kind when nothing calls for it (no diagnostic): offered as a
// refactoring where the cursor is on the manifest's `apiVersion` value, one per other version (a CRD's: those
// served and not deprecated). It is the move of crd/kinds/versions.ts (`moveTo`), so it is offered exactly when
// every field the manifest sets exists there with a compatible type and value; otherwise it is shown
// disabled, the reason naming the fields that stand in the way (RoleAssignment `v20220401` →
// `v1api20220401` with `principalType: AgentUser`).
import { isMap, isScalar } from 'yaml';
import type { Edit } from '../core/edits';
import { moveTo } from '../checks/crd/kinds/versions';
import { identifyChunk } from '../checks/identity';
import { chunkAt, type ParsedFile } from '../core/parse';
import { plainText } from '../core/plainText';
import { entry, spanOf } from '../core/yamlNodes';

export interface VersionMove {
  title: string;
  /** The edit of the apiVersion; absent when the move is not possible (`disabled` says why). */
  edits?: Edit[];
  disabled?: string;
}

/** The moves of the manifest whose `apiVersion` value holds the cursor (`at`, a file offset). */
export function versionMoves(file: ParsedFile, at: number): VersionMove[] {
  const chunk = chunkAt(file, at);
  const root = chunk.doc.contents;
  if (!isMap(root) || chunk.doc.errors.length > 0) return [];
  const api = entry(root, 'apiVersion');
  if (!api || !isScalar(api.value) || typeof api.value.value !== 'string') return [];
  const [start, end] = spanOf(api.value);
  const local = at - chunk.offset;
  if (local < start || local > end) return [];
  const id = identifyChunk({ doc: chunk.doc, text: chunk.text, store: file.store });
  const def = id.def;
  // A CRD version deprecated or not served has its diagnostic, whose quick fix is this move.
  if (!def || id.list || (def.crd && (!def.crd.served || def.crd.deprecated))) return [];
  const written = api.value.value;
  const group = written.slice(0, written.lastIndexOf('/') + 1);
  return id.registry
    .otherVersionsOf(def)
    .filter((o) => !o.crd || (o.crd.served && !o.crd.deprecated))
    .flatMap((target): VersionMove[] => {
      const move = moveTo(chunk.doc, root, target, chunk.text);
      if (!move) return [];
      const title = `Move the manifest to \`${group}${target.version}\``;
      if (move.fix?.fix === 'replace') {
        const { span, candidates } = move.fix;
        return [
          {
            title,
            edits: [{ start: chunk.offset + span[0], end: chunk.offset + span[1], newText: candidates[0].text }],
          },
        ];
      }
      return [{ title, disabled: plainText(move.advice.trim()) }];
    });
}

// Duplicates: same group, kind, namespace and name, in one file or in files of one folder (applied
// together). Copies in other folders are alternatives (environments, overlays, API versions).
import { byPlace, type CrossFileRule } from './crossFileContext';

const folderOf = (uri: string) => uri.slice(0, uri.lastIndexOf('/'));

export const duplicateResource: CrossFileRule = {
  codes: ['duplicate-resource'],
  check({ index, uri, scope, m, report, where }) {
    if (m.name === undefined) return;
    const twins = index
      .named(scope, m.namespace, m.name, uri)
      .filter(
        (o) =>
          o !== m &&
          o.kind === m.kind &&
          o.def.area === m.def.area &&
          o.domain === m.domain &&
          folderOf(o.uri) === folderOf(uri),
      );
    if (twins.length === 0) return;
    const places =
      [...twins].sort(byPlace).slice(0, 3).map(where).join(', ') +
      (twins.length > 3 ? ` and ${twins.length - 3} more` : '');
    report(
      'duplicate-resource',
      m.nameSpan,
      `${m.kind} \`${m.name}\` (namespace \`${m.namespace}\`) is defined more than once: also at ${places}. Applying both, the last one applied wins.`,
    );
  },
};

// The editor's position queries on a file of the analysis (completion, hover), as one function each of the
// analysis's state: the LSP layer asks them through `Analysis.completion`/`Analysis.hover` and adds only
// the protocol's shapes. What they combine: the language's completion or hover at the offset, in a Helm
// template the variant of its if/else branches where the cursor is; the names of the workspace's
// manifests for references; in a patch, the value a field renders to in its overlays.
import type { CompletionItem } from './core/editorTypes';
import { completion, EXPRESSION_TRIGGERS, writesWhatIsThere } from './features/complete';
import { hover } from './features/hover';
import type { KubeDescriptionSource } from './features/kubeHover';
import type { ParsedFile } from './core/parse';
import { completeReferences } from './features/completeRefs';
import { isMasked } from './workspace/helm/mask';
import { asWritten, shownAsWritten } from './workspace/helm/unmask';
import { snippetContext } from './workspace/ownerNames';
import type { WorkspaceIndex } from './workspace/workspaceIndex';

/** What the queries read of the analysis (its own type would make the two modules import each other). */
export interface QueryHost {
  readonly settings: { readonly apiDomain?: string };
  readonly index: WorkspaceIndex;
  renderedHover(uri: string, file: ParsedFile, offset: number): string | undefined;
  /** The documents: a template's variant at an offset; a kustomization or patch too large to read (textLimit.ts). */
  readonly docs: {
    variantAt(file: ParsedFile, offset: number): ParsedFile;
    unreadAsOverlay(uri: string, text: string): boolean;
  };
  /** The descriptions of Kubernetes' own kinds' fields, read when first asked for (none: facts alone). */
  readonly kubeDescriptions?: KubeDescriptionSource;
}

/**
 * The characters that open completion by themselves: after a key's colon, a space or a list's dash, in a
 * path, on a new line; inside a CEL or PromQL expression its own (`.`, `(`, …, which only the expression's
 * items answer: `completionQuery`).
 */
export const COMPLETION_TRIGGERS = [':', ' ', '-', '/', '\n', ...EXPRESSION_TRIGGERS];

export interface CompletionResult {
  items: CompletionItem[];
  /** The list must be asked for again as the user types (LSP `isIncomplete`). */
  isIncomplete: boolean;
}

/**
 * Completion at `offset` of `uri`'s `parsed` file. `trigger`: the character that opened it by itself, if
 * one did (inside an expression, only the expression's own items answer it).
 */
export function completionQuery(
  a: QueryHost,
  uri: string,
  parsed: ParsedFile,
  offset: number,
  trigger?: string,
): CompletionResult {
  if (a.docs.unreadAsOverlay(uri, parsed.text)) return { items: [], isIncomplete: false };
  // In a template, the variant of its if/else branches where the cursor is written.
  const file = a.docs.variantAt(parsed, offset);
  const { items, isIncomplete } = completion(file, offset, {
    apiDomain: a.settings.apiDomain,
    workspaceDomains: a.index.domains(),
    workspace: () => snippetContext(a.index, uri),
    ...(trigger !== undefined ? { trigger } : {}),
  });
  if (trigger !== undefined && EXPRESSION_TRIGGERS.includes(trigger)) return { items: asShown(items), isIncomplete };
  const refs = completeReferences(a.index, uri, file, offset);
  const labels = new Set(items.map((i) => i.label));
  const all = [...items, ...refs.filter((r) => !labels.has(r.label))];
  // A name typed out in full: nothing, so Enter is a line break (see `completion`).
  if (refs.some((r) => writesWhatIsThere(file, r, offset))) return { isIncomplete: true, items: [] };
  return { items: asShown(all), isIncomplete: isIncomplete || refs.length > 0 };
}

/**
 * Completion items as the user sees them: an item that would write a Helm template's masked action (an
 * owner named `{{ .Values.name }}` in a chart) is no name to offer, and is left out; what items show
 * (detail, documentation) reads as written.
 */
function asShown(items: CompletionItem[]): CompletionItem[] {
  const writes = (i: CompletionItem) => [
    i.label,
    i.insertText ?? '',
    i.filterText ?? '',
    i.textEdit?.newText ?? '',
    ...(i.additionalTextEdits ?? []).map((e) => e.newText),
  ];
  return items
    .filter((i) => !writes(i).some(isMasked))
    .map((i) =>
      i.detail === undefined && i.documentation === undefined && i.labelDetails === undefined
        ? i
        : {
            ...i,
            ...(i.detail !== undefined ? { detail: asWritten(i.detail) } : {}),
            ...(i.documentation !== undefined ? { documentation: shownAsWritten(i.documentation) } : {}),
            ...(i.labelDetails !== undefined ? { labelDetails: shownAsWritten(i.labelDetails) } : {}),
          },
    );
}

/** Hover at `offset` of `uri`'s `parsed` file: markdown and the file offsets of what it is about. */
export function hoverQuery(
  a: QueryHost,
  uri: string,
  parsed: ParsedFile,
  offset: number,
): { markdown: string; start: number; end: number } | undefined {
  if (a.docs.unreadAsOverlay(uri, parsed.text)) return undefined;
  const file = a.docs.variantAt(parsed, offset);
  const h = hover(file, offset, a.kubeDescriptions);
  if (!h) return undefined;
  // In a patch: what the field renders to in its overlay.
  const rendered = a.renderedHover(uri, file, offset);
  const markdown = rendered ? `${h.markdown}\n\n---\n\n${rendered}` : h.markdown;
  // In a template: what the user wrote, not the mask.
  return { markdown: asWritten(markdown), start: h.start, end: h.end };
}

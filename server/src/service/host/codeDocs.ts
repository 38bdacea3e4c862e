// Documentation of each diagnostic code: one page per code, generated from the registry (codes.ts) and the
// fixes each code offers (fixes/catalog.ts). Diagnostics link to their page (`codeDescription.href`).
import { CODES, type Code } from '../core/codes';
import { FIXES } from '../features/fixCatalog';

/**
 * Where the pages are, when nothing else is set: the `docs/codes/` folder shipped inside the extension
 * (the LSP layer turns it into a file URL), so a link always matches the installed version and works
 * offline. The repository has no public address; `cloudManifests.docsBaseUrl` points elsewhere (a
 * company's copy of the pages) and the CLI's `--docs-base-url` likewise.
 */
export const DOCS_FOLDER = 'docs/codes';

/** The address of a code's page under a base that ends with `/`. */
export const codeDocUrl = (base: string, code: string): string => `${base}${code}.md`;

/** The Markdown page of one code. */
/** What to write for a code's problem, in a sentence (its page's "Fix", a SARIF rule's help). */
export const fixTextOf = (code: Code): string => FIXES[code].text;

export function codePage(code: Code): string {
  const info = CODES[code];
  const fix = FIXES[code];
  return [
    `# \`${code}\``,
    '',
    `Default severity: **${info.severity}**. Source: \`cloud-manifests\`.`,
    '',
    '## What it catches',
    '',
    info.title,
    '',
    '## Example',
    '',
    '```yaml',
    info.example,
    '```',
    '',
    '## Fix',
    '',
    fix.text,
    '',
    `Quick fixes: ${fix.actions.length ? fix.actions.map((a) => `“${a}”`).join(', ') : 'none'}.${fix.safe ? ' The unambiguous ones (a single candidate, nothing lost) are part of fix-all: `source.fixAll.cloudManifests` and `cloud-manifests check --fix`.' : ''}`,
    '',
    code === 'yaml-syntax'
      ? 'No “Disable” quick fix is offered for a syntax error: fix the YAML.'
      : code === 'document-too-large'
        ? 'It is on the first line, so no comment above it can silence it: turn it off with the setting `"cloudManifests.rules": { "document-too-large": "off" }`.'
        : `Silence it for one line with the quick fix “Disable ${code} for this line” (\`# cloud-manifests-disable-next-line ${code}\` above the line), or everywhere with the setting \`"cloudManifests.rules": { "${code}": "off" }\`.`,
    '',
  ].join('\n');
}

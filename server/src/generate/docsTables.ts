// The generated tables of the docs pages (kinds in docs/kinds.md, diagnostic codes in docs/diagnostics.md),
// derived from the model and the code registry; `npm run gen:readme` writes them.
import { CODES, codeList } from '../service/core/codes';
import { allKinds } from '../model/registry';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, '<br>');

export function kindsTable(): string {
  const rows = allKinds.map((d) => {
    const owner = d.owner.style === 'known' ? d.owner.kind : d.owner.style === 'arbitrary' ? 'any resource' : '—';
    return `| ${d.kind} | \`${d.area}.{api_domain}/${d.version}\` | ${d.apiVersionValue} | ${owner} | ${Object.keys(d.spec.fields).length} |`;
  });
  return ['| Kind | apiVersion | API version | Owner | Spec fields |', '|---|---|---|---|---|', ...rows].join('\n');
}

export function codesTable(): string {
  const rows = codeList().map((c) => {
    const info = CODES[c];
    const example = info.example
      .split('\n')
      .map((l) => `\`${l.replace(/`/g, "'")}\``)
      .join('<br>');
    return `| \`${c}\` | ${info.severity} | ${cell(info.title)} | ${example} |`;
  });
  return ['| Code | Default severity | What it catches | Example |', '|---|---|---|---|', ...rows].join('\n');
}

/** The tables by the NAME of their `<!-- generated:NAME -->` block. */
export const TABLES: Readonly<Record<string, () => string>> = { kinds: kindsTable, codes: codesTable };

/** The page (path from the repository root) that holds each table. */
export const TABLE_PAGES: Readonly<Record<keyof typeof TABLES, string>> = {
  kinds: 'docs/kinds.md',
  codes: 'docs/diagnostics.md',
};

/** Replaces every `<!-- generated:NAME -->…<!-- /generated:NAME -->` block of a page whose NAME is a table. */
export function renderTables(page: string): string {
  const tables = TABLES;
  return page.replace(
    /(<!-- generated:(\w+) -->)[\s\S]*?(<!-- \/generated:\2 -->)/g,
    (all, open: string, name: string, close: string) => (tables[name] ? `${open}\n${tables[name]()}\n${close}` : all),
  );
}

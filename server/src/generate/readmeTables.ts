// The README's generated tables (kinds, diagnostic codes), derived from the model and the code registry.
import { CODES, codeList } from '../service/codes';
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

/** Replaces every `<!-- generated:NAME -->…<!-- /generated:NAME -->` block of a README. */
export function renderReadme(readme: string): string {
  const tables: Record<string, () => string> = { kinds: kindsTable, codes: codesTable };
  return readme.replace(
    /(<!-- generated:(\w+) -->)[\s\S]*?(<!-- \/generated:\2 -->)/g,
    (all, open: string, name: string, close: string) => (tables[name] ? `${open}\n${tables[name]()}\n${close}` : all),
  );
}

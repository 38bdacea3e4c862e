// The MCP server's resources: the kinds' generated JSON Schemas (schemas/, `npm run gen:schemas`) and the
// documentation pages (docs/, one per diagnostic code under docs/codes/), read from the installed package.
// Only files found by listing the two folders are served: a URI names one of them or nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { ResourceTemplate, type McpServer } from './sdk';

/** The package's folder: the nearest one above the running bundle (dist/) that holds schemas/. */
function packageRoot(): string | undefined {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'schemas'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Every file below `dir` whose name ends with `ext`, as forward-slash paths relative to it (a few hundred). */
function filesBelow(dir: string, ext: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.isFile() && e.name.endsWith(ext)) out.push(relative(dir, join(d, e.name)).split(sep).join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

interface Shelf {
  name: string;
  folder: string;
  ext: string;
  mimeType: string;
  title: (file: string) => string;
}

const SHELVES: Shelf[] = [
  {
    name: 'schemas',
    folder: 'schemas',
    ext: '.json',
    mimeType: 'application/schema+json',
    title: (f) => `JSON Schema: ${f.replace(/\.json$/, '')}`,
  },
  { name: 'docs', folder: 'docs', ext: '.md', mimeType: 'text/markdown', title: (f) => `Documentation: ${f}` },
];

export function registerResources(server: McpServer): void {
  const root = packageRoot();
  if (!root) return;
  for (const shelf of SHELVES) {
    const dir = join(root, shelf.folder);
    let files: string[] | undefined;
    const listed = () => (files ??= filesBelow(dir, shelf.ext));
    const uri = (f: string) => `cloud-manifests://${shelf.name}/${f}`;
    server.registerResource(
      shelf.name,
      new ResourceTemplate(`cloud-manifests://${shelf.name}/{+file}`, {
        list: () => ({
          resources: listed().map((f) => ({ uri: uri(f), name: f, title: shelf.title(f), mimeType: shelf.mimeType })),
        }),
      }),
      {
        title: shelf.name === 'schemas' ? "The kinds' JSON Schemas" : 'Cloud Resource Manifests documentation',
        mimeType: shelf.mimeType,
      },
      (u, vars) => {
        const file = String(vars.file ?? '');
        if (!listed().includes(file)) throw new Error(`no such resource: ${u.href}`);
        return { contents: [{ uri: u.href, mimeType: shelf.mimeType, text: readFileSync(join(dir, file), 'utf8') }] };
      },
    );
  }
}

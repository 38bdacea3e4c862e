import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { isDeepStrictEqual } from 'node:util';
import { renderKustomization } from '/work/wt/render/server/src/service/workspace/kustomize/render';
const read = (uri: string) => { const p = fileURLToPath(uri); return existsSync(p) && statSync(p).isFile() ? readFileSync(p, 'utf8') : undefined; };
for (const dir of process.argv.slice(2)) {
  const real = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  const theirs = parseAllDocuments(real.stdout).map((d) => d.toJS());
  const r = renderKustomization(pathToFileURL(dir + '/kustomization.yaml').href, read);
  const key = (x: any) => `${x.kind}/${x.metadata?.name}`;
  for (const t of theirs) {
    const i = r.resources.findIndex((o) => key(o) === key(t));
    const same = i >= 0 && isDeepStrictEqual(r.resources[i], t);
    console.log(dir, key(t), same ? 'SAME' : 'DIFF', 'unsure:', i >= 0 ? r.unsure[i] : 'missing');
    if (!same) console.log(JSON.stringify(t), '\n', JSON.stringify(r.resources[i]));
  }
}

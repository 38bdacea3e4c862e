import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Analysis } from '../../server/src/service/analysis';
import { yamlFiles } from '../helpers/files';
test('probe', () => {
  for (const root of ['/work/shared/corpus', `${__dirname}/../fixtures`, `${__dirname}/../../examples`]) {
    const a = new Analysis();
    const files = yamlFiles(root);
    for (const f of files) a.indexFile(pathToFileURL(f).href, readFileSync(f, 'utf8'));
    for (const f of files)
      for (const d of a.fileDiagnostics(pathToFileURL(f).href, undefined, { complete: true }))
        if (d.code.startsWith('object-')) console.log(f, d.code, d.message);
  }
});

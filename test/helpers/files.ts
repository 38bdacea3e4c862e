// Where test data lives, and fixture file lists.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isYamlName } from '../../server/src/io/folderWalk';

export const REPO = join(__dirname, '..', '..');

/** Every YAML file below a folder, in a stable order. */
export const yamlFiles = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((n) =>
      statSync(join(dir, n)).isDirectory() ? yamlFiles(join(dir, n)) : /\.ya?ml$/.test(n) ? [join(dir, n)] : [],
    );

/** Workspaces in the shape of real repositories: Kustomize bases and overlays, Helm charts. */
export const REPOSITORIES = join(REPO, 'test', 'fixtures', 'repositories');

/** Every file the server's scan and the CLI's walk read below a folder (`Kustomization` included). */
export const repositoryFiles = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((n) =>
      statSync(join(dir, n)).isDirectory() ? repositoryFiles(join(dir, n)) : isYamlName(n) ? [join(dir, n)] : [],
    );

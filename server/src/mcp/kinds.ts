// The kinds a workspace root knows, for `explain`, `list_kinds` and `eval_cel`: the built-in kinds, the
// CRDs among the root's YAML and JSON files and those its settings file names (`crds`), as `check` of the
// root reads them (cli/checkRun.ts), and Kubernetes' kinds of the release the settings (or the call) target.
// Only files that may hold a CRD are kept (service/host/crdKinds.ts `mayHoldCrds`), each read under the
// size cap; the walk is the CLI's (io/files.ts).
import { pathToFileURL } from 'node:url';
import { loadSettings } from '../cli/config';
import { jsonCrdFiles, readCrdFiles } from '../cli/crds';
import { collectInputs, readInputFile } from '../io/files';
import { createHost, type Host } from '../service/analysis';
import { maxFileBytes } from '../service/core/settings';
import { mayHoldCrds } from '../service/host/crdKinds';
import { kubernetesMinor } from '../service/core/kubernetesVersion';
import { DEFAULT_API_DOMAIN, type Registry } from '../model/registry';
import { kubeDescriptionsLoader } from '../io/kubeDescriptions';
import type { Root } from './roots';

export interface RootKinds {
  /** The kinds known: the built-in ones and the root's CRDs'. */
  kinds: Registry;
  /** The API domain our kinds' apiVersions are written with (the settings' `apiDomain`, else the default). */
  domain: string;
  /** CRD files that could not be read, with why. */
  errors: string[];
}

/** The descriptions `explain` gives Kubernetes' own kinds' fields (read once, at the first such field). */
export const kubeDescriptions = kubeDescriptionsLoader();

/** The analysis of a root's kinds (see above); `kubernetesVersion` overrides the settings'. */
export async function rootKinds(root: Root, kubernetesVersion?: string): Promise<RootKinds> {
  let version: string | undefined;
  if (kubernetesVersion !== undefined) {
    const minor = kubernetesMinor(kubernetesVersion);
    if (minor === undefined)
      throw new Error(`kubernetesVersion expects a Kubernetes release such as 1.31, got "${kubernetesVersion}"`);
    version = `1.${minor}`;
  }
  const { settings, base, repository } = loadSettings(root.path, { rules: {}, kubernetesVersion: version });
  const maxBytes = maxFileBytes(settings);
  const found = await collectInputs(['.'], { cwd: root.path, exclude: settings.exclude, excludeBase: base });
  const host: Host = createHost({ settings });
  const errors = [...found.errors];
  for (const input of found.inputs) {
    if (input.kind !== 'file') continue;
    const r = readInputFile(input, maxBytes);
    if ('error' in r) errors.push(r.error);
    else if (mayHoldCrds(r.text)) host.apply({ kind: 'crd', uri: pathToFileURL(input.path).href, text: r.text });
  }
  const named = await readCrdFiles(settings.crds, base, repository);
  for (const e of named.errors) errors.push(e);
  for (const c of [...named.files, ...(await jsonCrdFiles(found.json, maxBytes))])
    host.apply({ kind: 'crd', uri: c.uri, text: c.text });
  host.work('kinds');
  return { kinds: host.status().kinds, domain: settings.apiDomain || DEFAULT_API_DOMAIN, errors };
}

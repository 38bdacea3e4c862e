// Small builders for workspace tests: manifests as text, a workspace index from named files, and the
// diagnostics of a file as `code text-under-range` pairs.
import { checkFile, type WorkspaceCheckOptions } from '../../server/src/service/workspace/checks';
import type { WorkspaceIndex } from '../../server/src/service/workspace/workspaceIndex';
import { createWorkspaceIndex } from '../../server/src/service/workspace/checks';

export const URI = (name: string) => `file:///ws/${name}`;

const D = 'cloud.example.com';

export const rg = (name: string, ns?: string) =>
  `apiVersion: resources.${D}/v1api20200601\nkind: ResourceGroup\nmetadata:\n  name: ${name}\n${ns ? `  namespace: ${ns}\n` : ''}spec:\n  location: westus\n`;

export const account = (name: string, owner: string, extra = '', kind = 'StorageV2') =>
  `apiVersion: storage.${D}/v20220901\nkind: StorageAccount\nmetadata:\n  name: ${name}\nspec:\n  location: westus\n  kind: ${kind}\n  sku:\n    name: Standard_LRS\n  owner:\n    name: ${owner}\n${extra}`;

export const blobService = (name: string, owner: string) =>
  `apiVersion: storage.${D}/v20220901\nkind: StorageAccountsBlobService\nmetadata:\n  name: ${name}\nspec:\n  owner:\n    name: ${owner}\n`;

export const fileService = (name: string, owner: string, extra = '') =>
  `apiVersion: storage.${D}/v20220901\nkind: StorageAccountsFileService\nmetadata:\n  name: ${name}\nspec:\n  owner:\n    name: ${owner}\n${extra}`;

export const share = (name: string, owner: string, extra = '') =>
  `apiVersion: storage.${D}/v20220901\nkind: StorageAccountsFileServicesShare\nmetadata:\n  name: ${name}\nspec:\n  owner:\n    name: ${owner}\n${extra}`;

export const container = (name: string, owner: string) =>
  `apiVersion: storage.${D}/v20220901\nkind: StorageAccountsBlobServicesContainer\nmetadata:\n  name: ${name}\nspec:\n  owner:\n    name: ${owner}\n`;

export const keyValue = (name: string, owner: string) =>
  `apiVersion: appconfiguration.${D}/v20240601\nkind: KeyValue\nmetadata:\n  name: ${name}\nspec:\n  owner:\n    ${owner}\n  value: "30"\n`;

export const configStore = (name: string, owner: string) =>
  `apiVersion: appconfiguration.${D}/v20240601\nkind: ConfigurationStore\nmetadata:\n  name: ${name}\nspec:\n  location: westus\n  owner:\n    name: ${owner}\n  sku:\n    name: standard\n`;

export const roleAssignment = (name: string, owner: { group: string; kind: string; name: string }) =>
  `apiVersion: authorization.${D}/v1api20220401\nkind: RoleAssignment\nmetadata:\n  name: ${name}\nspec:\n  owner:\n    group: ${owner.group}\n    kind: ${owner.kind}\n    name: ${owner.name}\n  principalId: 11111111-2222-3333-4444-555555555555\n  roleDefinitionReference:\n    wellKnownName: Reader\n`;

export const eventSubscription = (name: string, owner: string, ref: { group: string; kind: string; name: string }) =>
  `apiVersion: eventgrid.${D}/v20200601\nkind: EventSubscription\nmetadata:\n  name: ${name}\nspec:\n  owner:\n${owner}\n  destination:\n    storageQueue:\n      endpointType: StorageQueue\n      resourceReference:\n        group: ${ref.group}\n        kind: ${ref.kind}\n        name: ${ref.name}\n      queueName: events\n`;

export const docs = (...parts: string[]) => parts.join('---\n');

export function workspace(files: Record<string, string>): WorkspaceIndex {
  const index = createWorkspaceIndex();
  for (const [name, text] of Object.entries(files)) index.setText(URI(name), text);
  return index;
}

/** `code «text under the range»` for each cross-document diagnostic of a file. */
export function diagsOf(index: WorkspaceIndex, name: string, options: WorkspaceCheckOptions = {}): string[] {
  const f = index.get(URI(name))!;
  return checkFile(index, URI(name), options).map((d) => `${d.code} «${f.text.slice(d.start, d.end)}»`);
}

export function messagesOf(
  index: WorkspaceIndex,
  name: string,
  code: string,
  options: WorkspaceCheckOptions = {},
): string[] {
  return checkFile(index, URI(name), options)
    .filter((d) => d.code === code)
    .map((d) => d.message);
}

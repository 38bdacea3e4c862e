// ResourceGroup, the owner kind of top-level resources (reference-shapes.md: `resources.{api_domain}/v1api20200601`,
// also seen as `v20200601`; spec fields `location` (required), `tags`, `cloudName`, `managedBy`; no owner).
import { obj, opt, str } from '../build';
import { cloudNameField, commonStatus, locationField, tagsField } from '../common';
import type { KindDef } from '../types';

const resourceGroup = (version: string): KindDef => ({
  kind: 'ResourceGroup',
  area: 'resources',
  version,
  apiVersionValue: '2020-06-01',
  source: 'reference-shapes.md',
  // The spec names it only as an owner: the workspace's CRD of it, when there is one, knows it better.
  crdReplaces: true,
  doc: 'A resource group: the owner of top-level resources (configuration stores, rule groups, storage and batch accounts, event domains and topics).',
  pathShape: '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}',
  owner: { style: 'none' },
  cloudNameDefault: 'metadata.name',
  spec: obj('ResourceGroup_Spec', {
    cloudName: cloudNameField(),
    location: locationField(true, 'location of the resource group; the default for resources it owns'),
    managedBy: opt(str(), 'id of the resource that manages this resource group'),
    tags: tagsField(),
  }),
  status: obj(
    'ResourceGroup_STATUS',
    {
      conditions: commonStatus.conditions(),
      id: commonStatus.id(),
      location: commonStatus.location(),
      managedBy: opt(str(), 'id of the resource that manages this resource group'),
      name: commonStatus.name(),
      tags: commonStatus.tags(),
      type: commonStatus.type(),
    },
    // reference-shapes.md gives the spec fields only; the status shape is not shown.
    { unknownFields: 'warning' },
  ),
});

export const resourcesKinds: KindDef[] = [resourceGroup('v1api20200601'), resourceGroup('v20200601')];

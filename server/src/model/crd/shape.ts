// The shape of an `apiextensions.k8s.io/v1` CustomResourceDefinition itself, as the API server accepts it:
// its CRD document is walked against it like any manifest. A version's schema (`openAPIV3Schema`), its
// subresources, printer columns and the conversion settings are not modelled here (any content): the
// schema is read by schema.ts, which notes what is not structural.
import { arr, bool, enm, obj, open, opt, req, str } from '../build';
import { objectMeta } from '../common';
import type { ObjectType } from '../types';

const names = obj('CustomResourceDefinitionNames', {
  plural: req(str(), 'the plural name, lowercase: the resource in URLs (`/apis/<group>/<version>/<plural>`)'),
  singular: opt(str(), 'the singular name, lowercase (defaults to the lowercased kind)'),
  kind: req(
    str({ pattern: '^[A-Za-z][A-Za-z0-9]*$', patternDoc: 'a kind name (letters and digits)' }),
    'the kind of the manifests',
  ),
  listKind: opt(str(), 'the kind of a list of them (defaults to `<kind>List`)'),
  shortNames: opt(arr(str()), 'short names for kubectl'),
  categories: opt(arr(str()), 'groups of resources the kind belongs to (`all`)'),
});

const version = obj('CustomResourceDefinitionVersion', {
  name: req(str(), 'the version name, e.g. `v1`, `v1beta1`: the manifests write `<group>/<name>`'),
  served: req(bool(), 'whether the API server serves this version'),
  storage: req(bool(), 'whether objects are stored in this version (exactly one version is the storage version)'),
  deprecated: opt(bool(), 'whether requests of this version get a deprecation warning'),
  deprecationWarning: opt(str(), 'the warning returned for requests of a deprecated version'),
  schema: opt(
    obj('CustomResourceValidation', {
      openAPIV3Schema: opt(open('JSONSchemaProps', 'read by the product as the kind'), 'the schema of the manifests'),
    }),
    'the schema of the manifests of this version',
  ),
  subresources: opt(open('CustomResourceSubresources', 'status and scale'), '`status` and `scale` subresources'),
  additionalPrinterColumns: opt(arr(open('CustomResourceColumnDefinition', 'a column')), 'columns kubectl prints'),
  selectableFields: opt(arr(open('SelectableField', 'a field selector')), 'fields usable in field selectors'),
});

const spec = obj('CustomResourceDefinitionSpec', {
  group: req(str(), 'the API group of the kinds (a DNS name with at least one dot)'),
  names: req(names, 'the names of the kind'),
  scope: req(enm(['Namespaced', 'Cluster']), 'whether the objects live in a namespace'),
  versions: req(arr(version, { minItems: 1, uniqueBy: 'name' }), 'the versions of the kind'),
  conversion: opt(open('CustomResourceConversion', 'the conversion strategy'), 'how objects convert between versions'),
  preserveUnknownFields: opt(bool(), 'obsolete in v1: must be false'),
});

/** A v1 CustomResourceDefinition document. */
export const CRD_DOCUMENT: ObjectType = obj('CustomResourceDefinition', {
  apiVersion: req(str(), 'API group and version: `apiextensions.k8s.io/v1`'),
  kind: req(str(), 'the kind: `CustomResourceDefinition`'),
  metadata: req(objectMeta(), 'object metadata: `name` is `<plural>.<group>`'),
  spec: req(spec, 'the kind this CRD defines'),
  status: opt(open('CustomResourceDefinitionStatus', 'written by the API server'), 'written by the API server'),
});

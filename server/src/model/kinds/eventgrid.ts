// Event routing group `eventgrid.{api_domain}` (document 3, "Event routing group"), version `v20200601`,
// API version 2020-06-01: Domain, DomainsTopic, Topic, EventSubscription. The shapes the spec's gap note
// leaves out (AdvancedFilter, BoolEqualsAdvancedFilter, JsonInputSchemaMapping, the destination types, the
// topic input schema values, InboundIpRule_Action, Topic provisioning states) come from reference-shapes.md.
import { arr, atMostOne, bool, enm, exactlyOne, int, num, obj, opt, req, str } from '../build';
import {
  arbitraryOwnerReference,
  cloudNameField,
  commonStatus,
  configMapReference,
  knownResourceReference,
  locationField,
  operatorSpec,
  resourceReference,
  secretReference,
  tagsField,
} from '../common';
import type { ExclusiveGroup, Field, KindDef, ObjectType, Type } from '../types';

const SOURCE = '3-batch-eventgrid.txt';
const AREA = 'eventgrid';
const VERSION = 'v20200601';
const API = '2020-06-01';

const DOMAIN_PATH =
  '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Provider.EventGrid/domains/{domainName}';

const DOMAIN_STATES = ['Canceled', 'Creating', 'Deleting', 'Failed', 'Succeeded', 'Updating'];
const SUBSCRIPTION_STATES = [
  'AwaitingManualAction',
  'Canceled',
  'Creating',
  'Deleting',
  'Failed',
  'Succeeded',
  'Updating',
];

/** Type-name suffix and field constructor for the spec form (`''`) or the status form (`'_STATUS'`). */
interface Form {
  sfx: '' | '_STATUS';
  /** `req` in the spec form; every status field is optional. */
  r: (type: Type, doc: string) => Field;
}
const SPEC: Form = { sfx: '', r: (t, d) => req(t, d) };
const STATUS: Form = { sfx: '_STATUS', r: (t, d) => opt(t, d) };

// ---- Domain and Topic ----

const inputSchema = () =>
  enm([
    ['CloudEventSchemaV1_0', 'events in the CloudEvents 1.0 schema'],
    ['CustomEventSchema', 'events in a custom schema, mapped with `inputSchemaMapping`'],
    ['EventGridSchema', 'events in the standard event schema'],
  ]);

const publicNetworkAccess = () => enm(['Disabled', 'Enabled']);

const inboundIpRule = (f: Form): ObjectType =>
  obj(`InboundIpRule${f.sfx}`, {
    action: opt(enm([['Allow', 'the only allowed action']], 'InboundIpRule_Action'), 'action when the rule matches'),
    ipMask: opt(f.sfx ? str() : str({ format: 'cidr' }), 'IP address or range in CIDR notation'),
  });

const jsonField = (f: Form): ObjectType =>
  obj(`JsonField${f.sfx}`, {
    sourceField: opt(str(), 'field of the input event schema used as the mapping source'),
  });

const jsonFieldWithDefault = (f: Form): ObjectType =>
  obj(`JsonFieldWithDefault${f.sfx}`, {
    defaultValue: opt(str(), 'value used when the source field is absent from the event'),
    sourceField: opt(str(), 'field of the input event schema used as the mapping source'),
  });

const jsonInputSchemaMapping = (f: Form): ObjectType =>
  obj(
    `JsonInputSchemaMapping${f.sfx}`,
    {
      dataVersion: opt(jsonFieldWithDefault(f), 'source of the envelope `dataVersion`'),
      eventTime: opt(jsonField(f), 'source of the envelope `eventTime`'),
      eventType: opt(jsonFieldWithDefault(f), 'source of the envelope `eventType`'),
      id: opt(jsonField(f), 'source of the envelope `id`'),
      // reference-shapes.md ("Required members…"): the operator requires it in the spec form.
      inputSchemaMappingType: f.r(
        { ...enm(['Json']), fixed: true },
        'type of the mapping; required, and the only value is `Json`',
      ),
      subject: opt(jsonFieldWithDefault(f), 'source of the envelope `subject`'),
      topic: opt(jsonField(f), 'source of the envelope `topic`'),
    },
    { doc: 'Maps fields of a JSON input event to the fields of the standard event envelope.' },
  );

const inputSchemaMapping = (f: Form): ObjectType =>
  obj(
    `InputSchemaMapping${f.sfx}`,
    {
      json: opt(jsonInputSchemaMapping(f), 'mapping of a JSON input event; mutually exclusive with any other mapping'),
    },
    {
      doc: 'Mapping of the published event payload; set exactly one member.',
      ...(f.sfx
        ? {}
        : {
            exclusive: [exactlyOne('json')],
            // Written flat (`inputSchemaMappingType: Json` with the fields in the mapping): one diagnostic.
            flat: { discriminator: 'inputSchemaMappingType', members: { Json: 'json' } },
          }),
    },
  );

const privateEndpointConnections = (): Field =>
  opt(
    arr(obj('PrivateEndpointConnection_STATUS', { id: opt(str(), 'id of the private endpoint connection') })),
    'private endpoint connections',
  );

type TopicLike = 'Domain' | 'Topic';

const INPUT_SCHEMA_MAPPING_DOC: Record<TopicLike, string> = {
  Domain: 'mapping of the published event payload to the standard event envelope, for a custom input schema',
  Topic:
    'enables publishing with a custom event schema by mapping source properties to the required properties of the standard event envelope',
};

function topicLike(kind: TopicLike, pathShape: string, doc: string): KindDef {
  const what = kind === 'Domain' ? 'domain' : 'topic';
  return {
    kind,
    area: AREA,
    version: VERSION,
    apiVersionValue: API,
    source: SOURCE,
    doc,
    pathShape,
    owner: { style: 'known', kind: 'ResourceGroup' },
    cloudNameDefault: 'metadata.name',
    provisioningStates: DOMAIN_STATES,
    spec: obj(`${kind}_Spec`, {
      cloudName: cloudNameField(),
      inboundIpRules: opt(
        arr(inboundIpRule(SPEC)),
        `IP addresses or ranges allowed to reach the ${what}; considered only when public network access is enabled`,
      ),
      inputSchema: opt(inputSchema(), `format the ${what} expects for incoming published events`),
      inputSchemaMapping: opt(inputSchemaMapping(SPEC), INPUT_SCHEMA_MAPPING_DOC[kind]),
      location: locationField(true),
      operatorSpec: operatorSpec(kind),
      owner: req(knownResourceReference('ResourceGroup'), `the resource group the ${what} is created in`),
      publicNetworkAccess: opt(publicNetworkAccess(), `whether the ${what} accepts traffic from the public network`, {
        default: 'Enabled',
      }),
      tags: tagsField(),
    }),
    status: obj(`${kind}_STATUS`, {
      conditions: commonStatus.conditions(),
      endpoint: opt(str(), 'endpoint events are published to'),
      id: commonStatus.id(),
      inboundIpRules: opt(arr(inboundIpRule(STATUS)), `IP addresses or ranges allowed to reach the ${what}`),
      inputSchema: opt(inputSchema(), `format the ${what} expects for incoming published events`),
      inputSchemaMapping: opt(inputSchemaMapping(STATUS), INPUT_SCHEMA_MAPPING_DOC[kind]),
      location: commonStatus.location(),
      metricResourceId: opt(str(), `id of the ${what} for metrics`),
      name: commonStatus.name(),
      privateEndpointConnections: privateEndpointConnections(),
      provisioningState: commonStatus.provisioningState(DOMAIN_STATES),
      publicNetworkAccess: opt(publicNetworkAccess(), `whether the ${what} accepts traffic from the public network`),
      systemData: commonStatus.systemData(),
      tags: commonStatus.tags(),
      type: commonStatus.type(),
    }),
  };
}

const domain = (): KindDef =>
  topicLike('Domain', DOMAIN_PATH, 'An event domain: an endpoint with domain topics that receives published events.');

const topic = (): KindDef =>
  topicLike(
    'Topic',
    '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Provider.EventGrid/topics/{topicName}',
    'An event topic: an endpoint that receives published events.',
  );

const domainsTopic = (): KindDef => ({
  kind: 'DomainsTopic',
  area: AREA,
  version: VERSION,
  apiVersionValue: API,
  source: SOURCE,
  doc: 'A topic inside an event domain.',
  pathShape: `${DOMAIN_PATH}/topics/{domainTopicName}`,
  owner: { style: 'known', kind: 'Domain' },
  cloudNameDefault: 'metadata.name',
  provisioningStates: DOMAIN_STATES,
  spec: obj('DomainsTopic_Spec', {
    cloudName: cloudNameField(),
    operatorSpec: operatorSpec('DomainsTopic'),
    owner: req(knownResourceReference('Domain'), 'the domain the topic belongs to'),
  }),
  status: obj('DomainsTopic_STATUS', {
    conditions: commonStatus.conditions(),
    id: commonStatus.id(),
    name: commonStatus.name(),
    provisioningState: commonStatus.provisioningState(DOMAIN_STATES),
    systemData: commonStatus.systemData(),
    type: commonStatus.type(),
  }),
});

// ---- EventSubscription: advanced filters ----

type ValueKind = 'bool' | 'number' | 'numbers' | 'strings';

/** The 12 advanced filter variants: member name, variant type name, operator type and value field. */
const FILTERS: [member: string, typeName: string, operatorType: string, value: ValueKind][] = [
  ['boolEquals', 'BoolEqualsAdvancedFilter', 'BoolEquals', 'bool'],
  ['numberGreaterThan', 'NumberGreaterThanAdvancedFilter', 'NumberGreaterThan', 'number'],
  ['numberGreaterThanOrEquals', 'NumberGreaterThanOrEqualsAdvancedFilter', 'NumberGreaterThanOrEquals', 'number'],
  ['numberIn', 'NumberInAdvancedFilter', 'NumberIn', 'numbers'],
  ['numberLessThan', 'NumberLessThanAdvancedFilter', 'NumberLessThan', 'number'],
  ['numberLessThanOrEquals', 'NumberLessThanOrEqualsAdvancedFilter', 'NumberLessThanOrEquals', 'number'],
  ['numberNotIn', 'NumberNotInAdvancedFilter', 'NumberNotIn', 'numbers'],
  ['stringBeginsWith', 'StringBeginsWithAdvancedFilter', 'StringBeginsWith', 'strings'],
  ['stringContains', 'StringContainsAdvancedFilter', 'StringContains', 'strings'],
  ['stringEndsWith', 'StringEndsWithAdvancedFilter', 'StringEndsWith', 'strings'],
  ['stringIn', 'StringInAdvancedFilter', 'StringIn', 'strings'],
  ['stringNotIn', 'StringNotInAdvancedFilter', 'StringNotIn', 'strings'],
];

const FILTER_MEMBERS = FILTERS.map(([m]) => m);

const filterValue = (v: ValueKind): Record<string, Field> => {
  switch (v) {
    case 'bool':
      return { value: opt(bool(), 'the boolean the event field must equal') };
    case 'number':
      return { value: opt(num(), 'the number the event field is compared with') };
    case 'numbers':
      return { values: opt(arr(num()), 'the numbers the event field is compared with') };
    case 'strings':
      return { values: opt(arr(str()), 'the strings the event field is compared with') };
  }
};

const advancedFilter = (f: Form): ObjectType => {
  const fields: Record<string, Field> = {};
  for (const [member, typeName, operatorType, value] of FILTERS) {
    fields[member] = opt(
      obj(`${typeName}${f.sfx}`, {
        key: opt(str(), 'the event field to filter on'),
        operatorType: f.r(
          { ...enm([operatorType]), fixed: true },
          `operator of the filter; must be \`${operatorType}\` for this variant`,
        ),
        ...filterValue(value),
      }),
      `\`${operatorType}\` filter; mutually exclusive with the other filter kinds of the item`,
    );
  }
  return obj(`AdvancedFilter${f.sfx}`, fields, {
    doc: 'One advanced filter on an event field: set exactly one of the filter kinds.',
    ...(f.sfx
      ? {}
      : {
          exclusive: [exactlyOne(...FILTER_MEMBERS)],
          // Written flat (`operatorType: NumberIn` with `key` and `values` in the item): one diagnostic.
          flat: { discriminator: 'operatorType', members: Object.fromEntries(FILTERS.map(([m, , op]) => [op, m])) },
        }),
  });
};

const eventSubscriptionFilter = (f: Form): ObjectType =>
  obj(`EventSubscriptionFilter${f.sfx}`, {
    advancedFilters: opt(arr(advancedFilter(f)), 'filters on event fields'),
    includedEventTypes: opt(arr(str()), 'event types to deliver; when absent, all default event types are selected'),
    isSubjectCaseSensitive: opt(bool(), 'whether the subject prefix and suffix comparisons are case sensitive'),
    subjectBeginsWith: opt(str(), 'literal prefix of the event subject (resource path); wildcards are not supported'),
    subjectEndsWith: opt(str(), 'literal suffix of the event subject (resource path); wildcards are not supported'),
  });

const retryPolicy = (f: Form): ObjectType =>
  obj(`RetryPolicy${f.sfx}`, {
    eventTimeToLiveInMinutes: opt(int(), 'time to live of an event, in minutes'),
    maxDeliveryAttempts: opt(int(), 'maximum number of delivery attempts for an event'),
  });

// ---- EventSubscription: destinations ----

// reference-shapes.md ("Required members…"): every destination member requires `endpointType`, and its
// value is the member's own; the status form keeps it optional like every status field.
const endpointType = (f: Form, value: string): Field =>
  f.r(
    { ...enm([value]), fixed: true },
    `type of the endpoint; required, and must be \`${value}\` for this destination`,
  );

/** The reference to the target resource: `resourceReference` in the spec, `resourceId` in the status. */
const target = (f: Form, what: string): Record<string, Field> =>
  f.sfx
    ? { resourceId: opt(str(), `id of the ${what}`) }
    : { resourceReference: opt(resourceReference(), `the ${what}`) };

const batching = (): Record<string, Field> => ({
  maxEventsPerBatch: opt(int(), 'maximum number of events per batch'),
  preferredBatchSizeInKilobytes: opt(int(), 'preferred batch size in kilobytes'),
});

/** [member, type name stem, endpoint type, fields, exclusive groups of the spec form]. */
const destinationVariants = (f: Form): [string, string, string, Record<string, Field>, ExclusiveGroup[]][] => [
  [
    'cloudFunction',
    'CloudFunction',
    'CloudFunction',
    { ...target(f, 'function that receives the events'), ...batching() },
    [],
  ],
  ['eventHub', 'EventHub', 'EventHub', target(f, 'event hub that receives the events'), []],
  [
    'hybridConnection',
    'HybridConnection',
    'HybridConnection',
    target(f, 'hybrid connection that receives the events'),
    [],
  ],
  [
    'serviceBusQueue',
    'ServiceBusQueue',
    'ServiceBusQueue',
    target(f, 'service bus queue that receives the events'),
    [],
  ],
  [
    'serviceBusTopic',
    'ServiceBusTopic',
    'ServiceBusTopic',
    target(f, 'service bus topic that receives the events'),
    [],
  ],
  [
    'storageQueue',
    'StorageQueue',
    'StorageQueue',
    {
      queueName: opt(str(), 'name of the storage queue'),
      ...(f.sfx
        ? {}
        : { queueNameFromConfig: opt(configMapReference(), 'name of the storage queue, read from a config map') }),
      ...target(f, 'storage account holding the queue'),
    },
    [atMostOne('queueName', 'queueNameFromConfig')],
  ],
  [
    'webHook',
    'WebHook',
    'WebHook',
    {
      cloudActiveDirectoryApplicationIdOrUri: opt(
        str(),
        'application id or URI of the directory application whose access token is sent to the webhook',
      ),
      ...(f.sfx
        ? {}
        : {
            cloudActiveDirectoryApplicationIdOrUriFromConfig: opt(
              configMapReference(),
              'application id or URI of the directory application, read from a config map',
            ),
          }),
      cloudActiveDirectoryTenantId: opt(str(), 'directory tenant used to get the access token for the webhook'),
      // The endpoint URL is a secret: the status form does not carry it (not shown).
      ...(f.sfx ? {} : { endpointUrl: opt(secretReference(), 'URL of the webhook, read from a secret') }),
      ...batching(),
    },
    [atMostOne('cloudActiveDirectoryApplicationIdOrUri', 'cloudActiveDirectoryApplicationIdOrUriFromConfig')],
  ],
];

const destination = (f: Form): ObjectType => {
  const variants = destinationVariants(f);
  const fields: Record<string, Field> = {};
  for (const [member, stem, type, own, groups] of variants) {
    fields[member] = opt(
      obj(
        `${stem}EventSubscriptionDestination${f.sfx}`,
        { endpointType: endpointType(f, type), ...own },
        f.sfx || groups.length === 0 ? {} : { exclusive: groups },
      ),
      `deliver to a ${type} endpoint; mutually exclusive with the other destinations`,
    );
  }
  return obj(`EventSubscriptionDestination${f.sfx}`, fields, {
    doc: 'Where matching events are delivered: set exactly one destination.',
    ...(f.sfx
      ? {}
      : {
          exclusive: [exactlyOne(...variants.map(([m]) => m))],
          // Written flat (`endpointType: WebHook` with the fields in `destination`): one diagnostic.
          flat: { discriminator: 'endpointType', members: Object.fromEntries(variants.map(([m, , t]) => [t, m])) },
        }),
  });
};

const deadLetterDestination = (f: Form): ObjectType =>
  obj(
    `DeadLetterDestination${f.sfx}`,
    {
      storageBlob: opt(
        obj(`StorageBlobDeadLetterDestination${f.sfx}`, {
          blobContainerName: opt(str(), 'name of the blob container that receives undelivered events'),
          endpointType: endpointType(f, 'StorageBlob'),
          ...target(f, 'storage account holding the container'),
        }),
        'dead-letter to a storage blob container; mutually exclusive with any other dead-letter destination',
      ),
    },
    {
      doc: 'Where undelivered events are written.',
      ...(f.sfx
        ? {}
        : {
            exclusive: [exactlyOne('storageBlob')],
            flat: { discriminator: 'endpointType', members: { StorageBlob: 'storageBlob' } },
          }),
    },
  );

const eventDeliverySchema = () => enm(['CloudEventSchemaV1_0', 'CustomInputSchema', 'EventGridSchema']);

const SUB_DOC = {
  deadLetterDestination: 'where events that cannot be delivered are written',
  destination: 'where matching events are delivered; exactly one destination kind',
  eventDeliverySchema: 'format in which events are delivered',
  expirationTimeUtc: 'time at which the subscription expires',
  filter: 'which events are delivered',
  labels: 'user-defined labels',
  retryPolicy: 'how delivery is retried',
};

const eventSubscription = (): KindDef => ({
  kind: 'EventSubscription',
  area: AREA,
  version: VERSION,
  apiVersionValue: API,
  source: SOURCE,
  doc: 'Delivers matching events from the resource that owns it to one destination, with filtering, retry and dead-letter settings. An extension resource: any resource can own it.',
  pathShape: '/{scope}/providers/Provider.EventGrid/eventSubscriptions/{eventSubscriptionName}',
  owner: { style: 'arbitrary' },
  cloudNameDefault: 'metadata.name',
  provisioningStates: SUBSCRIPTION_STATES,
  spec: obj('EventSubscription_Spec', {
    cloudName: cloudNameField(),
    deadLetterDestination: opt(deadLetterDestination(SPEC), SUB_DOC.deadLetterDestination),
    destination: opt(destination(SPEC), SUB_DOC.destination),
    eventDeliverySchema: opt(eventDeliverySchema(), SUB_DOC.eventDeliverySchema),
    expirationTimeUtc: opt(str({ format: 'date-time' }), SUB_DOC.expirationTimeUtc),
    filter: opt(eventSubscriptionFilter(SPEC), SUB_DOC.filter),
    labels: opt(arr(str()), SUB_DOC.labels),
    operatorSpec: operatorSpec('EventSubscription'),
    owner: req(
      arbitraryOwnerReference(),
      'the resource whose events are subscribed to: any resource can own a subscription',
    ),
    retryPolicy: opt(retryPolicy(SPEC), SUB_DOC.retryPolicy),
  }),
  status: obj('EventSubscription_STATUS', {
    conditions: commonStatus.conditions(),
    deadLetterDestination: opt(deadLetterDestination(STATUS), SUB_DOC.deadLetterDestination),
    destination: opt(destination(STATUS), SUB_DOC.destination),
    eventDeliverySchema: opt(eventDeliverySchema(), SUB_DOC.eventDeliverySchema),
    expirationTimeUtc: opt(str(), SUB_DOC.expirationTimeUtc),
    filter: opt(eventSubscriptionFilter(STATUS), SUB_DOC.filter),
    id: commonStatus.id(),
    labels: opt(arr(str()), SUB_DOC.labels),
    name: commonStatus.name(),
    provisioningState: commonStatus.provisioningState(SUBSCRIPTION_STATES),
    retryPolicy: opt(retryPolicy(STATUS), SUB_DOC.retryPolicy),
    systemData: commonStatus.systemData(),
    topic: opt(str(), 'name of the topic of the subscription'),
    type: commonStatus.type(),
  }),
});

export const eventgridKinds: KindDef[] = [domain(), domainsTopic(), topic(), eventSubscription()];

// Storage account family `storage.{api_domain}`, version `v20220901`, API version 2022-09-01 (document 2,
// 2-storage.txt). The shapes the spec leaves "not shown" are filled from reference-shapes.md ("Values and
// shapes the gap notes leave out", "Name limits"); facts marked "≈" there carry `approx` (violations are
// warnings) and their object types accept unknown keys with a warning. Shapes neither document shows are
// `open`.
//
// Every type is built by a function taking a suffix: `''` for the spec form, `'_STATUS'` for its observed
// counterpart, in which every field is optional and spec-only notes (defaults, creation-only, irreversible)
// are dropped ("Every spec field except cloudName, operatorSpec and owner reappears in status with a _STATUS
// type").
import { arr, atMostOne, bool, enm, int, map, num, obj, open, opt, req, str } from '../build';
import {
  cloudNameField,
  commonStatus,
  configMapDestination,
  configMapReference,
  knownResourceReference,
  locationField,
  operatorSpec,
  resourceReference,
  secretDestination,
} from '../common';
import type { Field, KindDef, NameLimit, ObjectType, StringType, Type } from '../types';

const SOURCE = '2-storage.txt';
const AREA = 'storage';
const VERSION = 'v20220901';
const API = '2022-09-01';

const ACCOUNT_PATH =
  '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Provider.Storage/storageAccounts/{accountName}';

const ACCOUNT_STATES = ['Creating', 'ResolvingDNS', 'Succeeded'];

type Sfx = '' | '_STATUS';

type FieldOpts = Omit<Field, 'type' | 'doc'>;

/**
 * A field of a spec type, or (suffix `_STATUS`) its status form: always optional, keeping only `approx`
 * and `deprecated` of the spec-side notes.
 */
function fld(s: Sfx, type: Type, doc: string, opts: FieldOpts = {}): Field {
  if (s) {
    const { approx, deprecated } = opts;
    return opt(type, doc, { ...(approx ? { approx } : {}), ...(deprecated ? { deprecated } : {}) });
  }
  const { required, ...rest } = opts;
  return (required ? req : opt)(type, doc, rest);
}

/** Sorts the fields of an object by name (the spec's tables are alphabetical). */
const sorted = (fields: Record<string, Field>): Record<string, Field> =>
  Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));

// ---------------------------------------------------------------------------------------------------
// Enumerations

const skuNameEnum = () =>
  enm(
    [
      'Premium_LRS',
      'Premium_ZRS',
      'Standard_GRS',
      'Standard_GZRS',
      'Standard_LRS',
      'Standard_RAGRS',
      'Standard_RAGZRS',
      'Standard_ZRS',
    ],
    'SkuName',
  );

const skuTierEnum = () => enm(['Premium', 'Standard'], 'Tier');

// reference-shapes.md: StorageAccount `kind` values.
const accountKindEnum = (s: Sfx) =>
  enm(['BlobStorage', 'BlockBlobStorage', 'FileStorage', 'Storage', 'StorageV2'], `StorageAccount_Kind${s || '_Spec'}`);

const accountAccessTierEnum = () =>
  enm(
    ['Cool', 'Hot', ['Premium', 'the fixed default for premium block blob accounts; it cannot be changed there']],
    'StorageAccountPropertiesCreateParameters_AccessTier',
  );

const allowedCopyScopeEnum = () =>
  enm(
    [
      ['AAD', 'copy only to and from accounts within the same directory tenant'],
      ['PrivateLink', 'copy only to and from accounts with private links to the same virtual network'],
    ],
    'AllowedCopyScope',
  );

const dnsEndpointTypeEnum = () =>
  enm(
    [
      [
        'CloudDnsZone',
        'allows a very large number of accounts in one subscription; endpoint URLs carry an alphanumeric DNS zone identifier',
      ],
      'Standard',
    ],
    'DnsEndpointType',
  );

const largeFileSharesStateEnum = () =>
  enm(['Disabled', ['Enabled', 'large file shares; cannot be disabled once enabled']], 'LargeFileSharesState');

const minimumTlsVersionEnum = () =>
  enm([['TLS1_0', 'the default interpretation when unset'], 'TLS1_1', 'TLS1_2'], 'MinimumTlsVersion');

const publicNetworkAccessEnum = () => enm(['Disabled', 'Enabled'], 'PublicNetworkAccess');

const identityTypeEnum = () =>
  enm(['None', 'SystemAssigned', 'SystemAssigned,UserAssigned', 'UserAssigned'], 'Identity_Type');

const leaseDurationEnum = () => enm(['Fixed', 'Infinite'], 'LeaseDuration');
const leaseStateEnum = () => enm(['Available', 'Breaking', 'Broken', 'Expired', 'Leased'], 'LeaseState');
const leaseStatusEnum = () => enm(['Locked', 'Unlocked'], 'LeaseStatus');

const corsMethodsEnum = () =>
  enm(['DELETE', 'GET', 'HEAD', 'MERGE', 'OPTIONS', 'PATCH', 'POST', 'PUT'], 'CorsRule_AllowedMethods');

const availabilityEnum = (name: string) => enm(['available', 'unavailable'], name);

// ---------------------------------------------------------------------------------------------------
// Shared by several kinds: SKU, CORS, delete retention, operator settings

const sku = (s: Sfx): ObjectType =>
  obj(
    `Sku${s}`,
    {
      name: fld(s, skuNameEnum(), 'SKU name; required at account creation, optional on update', { required: true }),
      tier: fld(s, skuTierEnum(), 'SKU tier; derived from the SKU name'),
    },
    { doc: 'The SKU of the storage account.' },
  );

const corsRule = (s: Sfx): ObjectType =>
  obj(
    `CorsRule${s}`,
    {
      allowedHeaders: fld(s, arr(str()), 'headers allowed to be part of the cross-origin request', { required: true }),
      allowedMethods: fld(s, arr(corsMethodsEnum()), 'HTTP methods the origin is allowed to execute', {
        required: true,
      }),
      allowedOrigins: fld(s, arr(str()), 'origin domains allowed via CORS; `*` allows all domains', { required: true }),
      exposedHeaders: fld(s, arr(str()), 'response headers to expose to CORS clients', { required: true }),
      maxAgeInSeconds: fld(
        s,
        s ? int() : int({ unit: 'seconds' }),
        'seconds a client or browser may cache a preflight response',
        { required: true },
      ),
    },
    { doc: 'One CORS rule; all five fields are required when a rule is present.' },
  );

const corsRules = (s: Sfx): ObjectType =>
  obj(
    `CorsRules${s}`,
    {
      corsRules: fld(
        s,
        arr(corsRule(s), s ? {} : { maxItems: 5 }),
        'the CORS rules: at most five; sending no rules deletes all rules and disables CORS for the service',
      ),
    },
    { doc: 'CORS rules of a storage service (at most five).' },
  );

const corsField = (s: Sfx): Field => fld(s, corsRules(s), 'CORS rules of the service; no rules disables CORS for it');

const deleteRetentionPolicy = (s: Sfx): ObjectType =>
  obj(
    `DeleteRetentionPolicy${s}`,
    {
      allowPermanentDelete: fld(
        s,
        bool(),
        'allows permanent deletion of soft-deleted blob versions and snapshots; blob service only; cannot be used together with a blob restore policy',
      ),
      days: fld(s, s ? int() : int({ minimum: 1, maximum: 365 }), 'days a deleted item is retained: 1 to 365'),
      enabled: fld(s, bool(), 'whether soft delete is enabled'),
    },
    { doc: 'Soft delete settings: whether deleted items are kept, and for how many days.' },
  );

/** The operator spec of every kind but the account: only the two expression lists. */
const plainOperatorSpec = (kind: string): Field => operatorSpec(kind);

const ownerField = (ownerKind: string, doc: string): Field => req(knownResourceReference(ownerKind), doc);

const NAME_3_63: NameLimit[] = [{ minLength: 3, maxLength: 63, doc: '3 to 63 characters', severity: 'error' }];

/** The fields common to the status of every kind. */
const commonStatusFields = (): Record<string, Field> => ({
  conditions: commonStatus.conditions(),
  id: commonStatus.id(),
  name: commonStatus.name(),
  type: commonStatus.type(),
});

const base = {
  area: AREA,
  version: VERSION,
  apiVersionValue: API,
  source: SOURCE,
  cloudNameDefault: 'metadata.name' as const,
};

// ---------------------------------------------------------------------------------------------------
// StorageAccount: supporting types

const activeDirectoryProperties = (s: Sfx): ObjectType =>
  obj(
    `ActiveDirectoryProperties${s}`,
    {
      // reference-shapes.md: `Computer`, `User` ≈
      accountType: fld(
        s,
        enm(['Computer', 'User'], 'ActiveDirectoryProperties_AccountType'),
        'type of the directory account the storage account is represented by',
        { approx: true },
      ),
      cloudStorageSid: fld(s, str(), 'security identifier (SID) for the cloud storage'),
      domainGuid: fld(s, str(), 'domain GUID', { required: true }),
      domainName: fld(s, str(), 'primary domain the directory server is authoritative for', { required: true }),
      domainSid: fld(s, str(), 'security identifier (SID) of the domain'),
      forestName: fld(s, str(), 'directory forest to get'),
      netBiosDomainName: fld(s, str(), 'NetBIOS domain name'),
      samAccountName: fld(s, str(), 'SAM account name of the directory account'),
    },
    { doc: 'Properties of the directory (domain) used for identity-based file access.' },
  );

const filesIdentityBasedAuthentication = (s: Sfx): ObjectType =>
  obj(
    `CloudFilesIdentityBasedAuthentication${s}`,
    {
      activeDirectoryProperties: fld(
        s,
        activeDirectoryProperties(s),
        'directory properties: required when `directoryServiceOptions` is `AD`, optional for `AADKERB`',
      ),
      defaultSharePermission: fld(
        s,
        enm(
          [
            'None',
            'StorageFileDataSmbShareContributor',
            'StorageFileDataSmbShareElevatedContributor',
            'StorageFileDataSmbShareReader',
          ],
          'CloudFilesIdentityBasedAuthentication_DefaultSharePermission',
        ),
        'default share permission for Kerberos-authenticated users who have no role assigned',
      ),
      directoryServiceOptions: fld(
        s,
        enm(['AADDS', 'AADKERB', 'AD', 'None'], 'CloudFilesIdentityBasedAuthentication_DirectoryServiceOptions'),
        'the directory service used for file access; the list of values may be extended in future',
        { required: true },
      ),
    },
    { doc: 'Identity-based authentication settings for file shares.' },
  );

const customDomain = (s: Sfx): ObjectType =>
  obj(
    `CustomDomain${s}`,
    {
      name: fld(s, str(), 'the custom domain name (the CNAME source); an empty string clears the custom domain', {
        required: true,
      }),
      useSubDomainName: fld(s, bool(), 'whether indirect CNAME validation is used; only to be set on updates', {
        default: false,
      }),
    },
    { doc: 'The custom domain of the account; one custom domain per account.' },
  );

const keyVaultProperties = (s: Sfx): ObjectType =>
  obj(
    `KeyVaultProperties${s}`,
    {
      keyname: fld(s, str(), 'name of the key vault key'),
      keyvaulturi: fld(s, str(), 'URI of the key vault'),
      keyversion: fld(s, str(), 'version of the key vault key'),
      ...(s
        ? {
            currentVersionedKeyExpirationTimestamp: opt(str(), 'expiration time of the current versioned key'),
            currentVersionedKeyIdentifier: opt(str(), 'object identifier of the current versioned key in use'),
            lastKeyRotationTimestamp: opt(str(), 'time of the last key rotation'),
          }
        : {}),
    },
    { doc: 'The key vault key used for customer-managed encryption.' },
  );

const encryptionIdentity = (s: Sfx): ObjectType =>
  obj(
    `EncryptionIdentity${s}`,
    {
      federatedIdentityClientId: fld(
        s,
        str(),
        'client id of the multi-tenant application used for cross-tenant customer-managed keys',
      ),
      ...(s
        ? {
            userAssignedIdentity: opt(
              str(),
              'resource id of the user-assigned identity used for server-side encryption',
            ),
          }
        : {
            userAssignedIdentityReference: opt(
              resourceReference(),
              'the user-assigned identity associated with server-side encryption on the account',
            ),
          }),
    },
    { doc: 'The identity used for server-side encryption with customer-managed keys.' },
  );

const encryptionService = (s: Sfx): ObjectType =>
  obj(
    `EncryptionService${s}`,
    {
      enabled: fld(s, bool(), 'whether the service encrypts data as it is stored'),
      keyType: fld(s, enm(['Account', 'Service'], 'EncryptionService_KeyType'), 'encryption key type of the service'),
    },
    // reference-shapes.md "storage Encryption" (≈): `enabled`, `keyType`.
    { doc: 'Encryption settings of one storage service.', unknownFields: 'warning' },
  );

const encryptionServices = (s: Sfx): ObjectType =>
  obj(
    `EncryptionServices${s}`,
    {
      blob: fld(s, encryptionService(s), 'encryption of the blob service'),
      file: fld(s, encryptionService(s), 'encryption of the file service'),
      queue: fld(s, encryptionService(s), 'encryption of the queue service'),
      table: fld(s, encryptionService(s), 'encryption of the table service'),
    },
    { doc: 'Encryption settings of the storage services.' },
  );

// Shape from reference-shapes.md "storage Encryption" (≈): warnings only.
const encryption = (s: Sfx): ObjectType =>
  obj(
    `Encryption${s}`,
    {
      identity: fld(s, encryptionIdentity(s), 'identity used for server-side encryption'),
      keySource: fld(
        s,
        enm(['Provider.Keyvault', 'Provider.Storage'], 'Encryption_KeySource'),
        'source of the encryption key',
      ),
      keyvaultproperties: fld(s, keyVaultProperties(s), 'key vault key properties (customer-managed keys)'),
      requireInfrastructureEncryption: fld(
        s,
        bool(),
        'whether a secondary layer of encryption with platform-managed keys is applied',
      ),
      services: fld(s, encryptionServices(s), 'per-service encryption settings'),
    },
    { doc: 'Server-side encryption settings of the account.', unknownFields: 'warning' },
  );

// The spec gives only the ExtendedLocationType values; `name` and `type` are inferred, hence approx.
const extendedLocation = (s: Sfx): ObjectType =>
  obj(
    `ExtendedLocation${s}`,
    {
      name: fld(s, str(), 'name of the extended location'),
      type: fld(s, enm(['EdgeZone'], 'ExtendedLocationType'), 'type of the extended location'),
    },
    {
      doc: 'An extended location (edge zone) of the account; the shape is not shown beyond its type values.',
      unknownFields: 'warning',
    },
  );

// The spec gives the `type` values; reference-shapes.md ("Required members…") makes `type` required and
// `userAssignedIdentities` a list of `{reference}` (≈: warnings). The status form is not shown.
const identity = (s: Sfx): ObjectType =>
  obj(
    `Identity${s}`,
    {
      type: fld(s, identityTypeEnum(), 'the identity type', { required: true }),
      userAssignedIdentities: s
        ? opt(
            open(`UserAssignedIdentities${s}`, 'the status form of the user-assigned identities is not shown'),
            'user-assigned identities of the account',
          )
        : opt(
            arr(
              obj(
                'UserAssignedIdentityDetails',
                { reference: opt(resourceReference(), 'the user-assigned identity') },
                { doc: 'A user-assigned identity of the account.', unknownFields: 'warning' },
              ),
            ),
            'user-assigned identities of the account: a list of `{reference}`',
            { approx: true },
          ),
    },
    { doc: 'The managed identity of the account.', unknownFields: 'warning' },
  );

const immutabilityPolicyStateEnum = () =>
  enm(
    [
      ['Disabled', 'can be created; can move to `Unlocked`'],
      [
        'Unlocked',
        'can be created; retention may be increased or decreased and `allowProtectedAppendWrites` toggled; can move to `Disabled` or `Locked`',
      ],
      ['Locked', 'cannot be reverted; afterwards only an increase of the retention time is allowed'],
    ],
    'AccountImmutabilityPolicyProperties_State',
  );

const accountImmutabilityPolicy = (s: Sfx): ObjectType =>
  obj(
    `AccountImmutabilityPolicyProperties${s}`,
    {
      allowProtectedAppendWrites: fld(
        s,
        bool(),
        'allows new blocks to be written to append blobs while keeping immutability; changeable only for disabled and unlocked time-based policies',
      ),
      immutabilityPeriodSinceCreationInDays: fld(
        s,
        s ? int() : int({ minimum: 1, maximum: 146000 }),
        'immutability period in days since the creation of a blob version: 1 to 146000',
      ),
      state: fld(
        s,
        immutabilityPolicyStateEnum(),
        'state of the policy: only `Disabled` or `Unlocked` may be created; `Disabled` and `Unlocked` move to each other; `Unlocked` moves to `Locked`',
        { irreversible: '`Locked` cannot be reverted; afterwards only an increase of the retention time is allowed' },
      ),
    },
    { doc: 'The account-level immutability policy inherited by new objects.' },
  );

const immutableStorageAccount = (s: Sfx): ObjectType =>
  obj(
    `ImmutableStorageAccount${s}`,
    {
      enabled: fld(s, bool(), 'enables account-level immutability; can only be set to true at account creation', {
        createOnly: true,
      }),
      immutabilityPolicy: fld(s, accountImmutabilityPolicy(s), 'the default account-level immutability policy'),
    },
    { doc: 'Account-level immutability: object-level immutability is enabled for new containers by default.' },
  );

const keyPolicy = (s: Sfx): ObjectType =>
  obj(
    `KeyPolicy${s}`,
    {
      keyExpirationPeriodInDays: fld(s, int(), 'expiration period of the account keys, in days; required', {
        required: true,
        requiredApprox: true,
      }),
    },
    { doc: 'Key policy of the account.' },
  );

const ipRule = (s: Sfx): ObjectType =>
  obj(
    `IPRule${s}`,
    {
      action: fld(s, enm(['Allow'], 'IPRule_Action'), 'action of the rule; the only value is `Allow`'),
      value: fld(s, str({ format: 'ipv4-or-cidr' }), 'an IPv4 address, or an address range in CIDR form'),
      ...(s
        ? {}
        : { valueFromConfig: opt(configMapReference(), 'the IPv4 address or CIDR range, read from a config map') }),
    },
    s
      ? { doc: 'An IP rule of the network rule set.' }
      : {
          doc: 'An IP rule: `value` or `valueFromConfig`, not both.',
          exclusive: [atMostOne('value', 'valueFromConfig')],
        },
  );

const resourceAccessRule = (s: Sfx): ObjectType =>
  obj(
    `ResourceAccessRule${s}`,
    {
      ...(s
        ? { resourceId: opt(str(), 'resource id of the resource granted access') }
        : { resourceReference: opt(resourceReference(), 'the resource granted access') }),
      tenantId: fld(s, str(), 'tenant id of the resource'),
    },
    { doc: 'Grants access to the account to a resource instance.' },
  );

// reference-shapes.md: `virtualNetworkRules[]` (`reference`, `action`, `state`) ≈, and ("Required
// members…") `reference` required, `action` `Allow`, the five `state` values ≈: the list is `approx`.
const virtualNetworkRule = (): ObjectType =>
  obj(
    'VirtualNetworkRule',
    {
      action: opt(enm(['Allow'], 'VirtualNetworkRule_Action'), 'action of the virtual network rule: `Allow`'),
      reference: req(resourceReference(), 'the virtual network subnet; required'),
      state: opt(
        enm(
          ['Deprovisioning', 'Failed', 'NetworkSourceDeleted', 'Provisioning', 'Succeeded'],
          'VirtualNetworkRule_State',
        ),
        'state of the virtual network rule',
      ),
    },
    { doc: 'A virtual network rule.', unknownFields: 'warning' },
  );

const networkRuleSet = (s: Sfx): ObjectType =>
  obj(
    `NetworkRuleSet${s}`,
    {
      bypass: fld(
        s,
        // `AzureServices` is the upstream provider's name of `CloudServices`, which copied manifests carry.
        str({
          delimited: { separator: ',', items: ['CloudServices', 'Logging', 'Metrics', 'None'] },
          aliases: { AzureServices: 'CloudServices' },
        }),
        'traffic allowed to bypass the rules: one value or a comma-separated combination (`Logging, Metrics`)',
        // The values are shown for the status form; the spec form comes from the ≈ row of reference-shapes.md,
        // so violations are warnings. The cloud takes comma-separated combinations of the values.
        { approx: true },
      ),
      defaultAction: fld(
        s,
        enm(['Allow', 'Deny'], 'NetworkRuleSet_DefaultAction'),
        'action taken when no other rule matches',
        { required: true },
      ),
      ipRules: fld(s, arr(ipRule(s)), 'IP address rules'),
      resourceAccessRules: fld(s, arr(resourceAccessRule(s)), 'rules granting access to resource instances'),
      virtualNetworkRules: s
        ? opt(
            arr(open('VirtualNetworkRule_STATUS', 'the status form of a virtual network rule is not shown')),
            'virtual network rules',
          )
        : opt(arr(virtualNetworkRule()), 'virtual network rules', { approx: true }),
    },
    {
      doc: 'Network rules of the account: default action, bypass, IP rules, resource access and virtual network rules.',
    },
  );

const routingPreference = (s: Sfx): ObjectType =>
  obj(
    `RoutingPreference${s}`,
    {
      publishInternetEndpoints: fld(s, bool(), 'whether internet-routing storage endpoints are published'),
      publishProviderEndpoints: fld(s, bool(), 'whether provider-routing storage endpoints are published'),
      routingChoice: fld(
        s,
        enm(['InternetRouting', 'ProviderRouting'], 'RoutingPreference_RoutingChoice'),
        'the routing choice for data transfer',
      ),
    },
    { doc: 'Network routing choice for data transfer.' },
  );

const sasPolicy = (s: Sfx): ObjectType =>
  obj(
    `SasPolicy${s}`,
    {
      expirationAction: fld(
        s,
        enm(['Log'], 'SasPolicy_ExpirationAction'),
        'action taken when a SAS expiration policy is violated; required',
        { required: true, requiredApprox: true },
      ),
      sasExpirationPeriod: fld(s, str(), 'SAS expiration period; required', { required: true, requiredApprox: true }),
    },
    { doc: 'Shared access signature policy of the account.' },
  );

const operatorConfigMaps = (): ObjectType =>
  obj(
    'StorageAccountOperatorConfigMaps',
    {
      blobEndpoint: opt(configMapDestination(), 'config map to write the blob endpoint to'),
      dfsEndpoint: opt(configMapDestination(), 'config map to write the data lake (dfs) endpoint to'),
      fileEndpoint: opt(configMapDestination(), 'config map to write the file endpoint to'),
      queueEndpoint: opt(configMapDestination(), 'config map to write the queue endpoint to'),
      tableEndpoint: opt(configMapDestination(), 'config map to write the table endpoint to'),
      webEndpoint: opt(configMapDestination(), 'config map to write the web endpoint to'),
    },
    { doc: 'Config maps the operator writes account endpoints to; a config map is created only for the fields given.' },
  );

const operatorSecrets = (): ObjectType =>
  obj(
    'StorageAccountOperatorSecrets',
    {
      blobEndpoint: opt(secretDestination(), 'secret to write the blob endpoint to'),
      dfsEndpoint: opt(secretDestination(), 'secret to write the data lake (dfs) endpoint to'),
      fileEndpoint: opt(secretDestination(), 'secret to write the file endpoint to'),
      key1: opt(secretDestination(), 'secret to write the first account key to'),
      key2: opt(secretDestination(), 'secret to write the second account key to'),
      queueEndpoint: opt(secretDestination(), 'secret to write the queue endpoint to'),
      tableEndpoint: opt(secretDestination(), 'secret to write the table endpoint to'),
      webEndpoint: opt(secretDestination(), 'secret to write the web endpoint to'),
    },
    {
      doc: 'Secrets the operator writes account endpoints and keys to; a secret is retrieved from the cloud only for the fields given.',
    },
  );

// ---------------------------------------------------------------------------------------------------
// StorageAccount: status-only types

const blobRestoreStatus = (): ObjectType =>
  obj('BlobRestoreStatus_STATUS', {
    failureReason: opt(str(), 'reason the blob restore failed'),
    parameters: opt(
      obj('BlobRestoreParameters_STATUS', {
        blobRanges: opt(
          arr(open('BlobRestoreRange_STATUS', 'the shape of a blob restore range is not shown')),
          'blob ranges to restore',
        ),
        timeToRestore: opt(str(), 'time to restore the blobs to'),
      }),
      'parameters of the blob restore request',
    ),
    restoreId: opt(str(), 'id of the blob restore request'),
    status: opt(
      enm(['InProgress', 'Complete', 'Failed'], 'BlobRestoreProgressStatus_STATUS'),
      'status of the blob restore',
    ),
  });

const endpointUrl = (what: string) => opt(str(), `${what} endpoint URL`);

// Endpoints_STATUS (reference-shapes.md): the standard-routing URLs and the two routing sub-objects.
const endpoints = (): ObjectType =>
  obj(
    'Endpoints_STATUS',
    {
      blob: endpointUrl('blob'),
      dfs: endpointUrl('data lake (dfs)'),
      file: endpointUrl('file'),
      queue: endpointUrl('queue'),
      table: endpointUrl('table'),
      web: endpointUrl('web'),
      internetEndpoints: opt(
        obj('StorageAccountInternetEndpoints_STATUS', {
          blob: endpointUrl('blob'),
          dfs: endpointUrl('data lake (dfs)'),
          file: endpointUrl('file'),
          web: endpointUrl('web'),
        }),
        'endpoints for the internet routing choice',
      ),
      providerEndpoints: opt(
        obj('StorageAccountProviderEndpoints_STATUS', {
          blob: endpointUrl('blob'),
          dfs: endpointUrl('data lake (dfs)'),
          file: endpointUrl('file'),
          queue: endpointUrl('queue'),
          table: endpointUrl('table'),
          web: endpointUrl('web'),
        }),
        'endpoints for the provider routing choice',
      ),
    },
    { doc: 'Endpoint URLs of the account for the standard routing, plus the two routing choices.' },
  );

// GeoReplicationStats_STATUS: only its status values are shown.
const geoReplicationStats = (): ObjectType =>
  obj(
    'GeoReplicationStats_STATUS',
    {
      status: opt(
        enm(['Bootstrap', 'Live', 'Unavailable'], 'GeoReplicationStats_Status_STATUS'),
        'status of the secondary location',
      ),
    },
    {
      doc: 'Geo-replication statistics of the account; the shape beyond the status values is not shown.',
      unknownFields: 'warning',
    },
  );

const skuConversionStatus = (): ObjectType =>
  obj(
    'StorageAccountSkuConversionStatus_STATUS',
    {
      endTime: opt(str(), 'time the SKU conversion ended'),
      skuConversionStatus: opt(
        enm(['Failed', 'InProgress', 'Succeeded'], 'StorageAccountSkuConversionStatus_SkuConversionStatus_STATUS'),
        'state of the SKU conversion',
      ),
      startTime: opt(str(), 'time the SKU conversion started'),
      targetSkuName: opt(skuNameEnum(), 'SKU name being converted to'),
    },
    { doc: 'Set by the server during an asynchronous SKU conversion.' },
  );

// ---------------------------------------------------------------------------------------------------
// StorageAccount

/** Spec fields of the account that reappear in status (all but cloudName, operatorSpec, owner). */
const accountFields = (s: Sfx): Record<string, Field> => ({
  accessTier: fld(s, accountAccessTierEnum(), 'access tier used for billing; needed when `kind` is `BlobStorage`', {
    defaultDoc: '`Premium` for premium block blob accounts (fixed there)',
  }),
  allowBlobPublicAccess: fld(s, bool(), 'allows or disallows public access to all blobs or containers in the account', {
    default: true,
  }),
  allowCrossTenantReplication: fld(s, bool(), 'allows or disallows object replication across directory tenants', {
    default: true,
  }),
  allowedCopyScope: fld(
    s,
    allowedCopyScopeEnum(),
    'restricts copy to and from accounts within a directory tenant, or with private links to the same virtual network',
  ),
  allowSharedKeyAccess: fld(
    s,
    bool(),
    'whether requests may be authorised with the account key; when false, all requests (shared access signatures included) must use directory identity; null is the same as true',
    { default: true },
  ),
  cloudFilesIdentityBasedAuthentication: fld(
    s,
    filesIdentityBasedAuthentication(s),
    'identity-based authentication settings for file shares',
  ),
  customDomain: fld(
    s,
    customDomain(s),
    'the custom domain of the account (one per account); an empty `name` clears it',
  ),
  defaultToOAuthAuthentication: fld(
    s,
    bool(),
    'whether directory (OAuth) authentication is the default in the portal',
    {
      default: false,
    },
  ),
  dnsEndpointType: fld(
    s,
    dnsEndpointTypeEnum(),
    'endpoint type; `CloudDnsZone` allows very many accounts per subscription',
  ),
  encryption: fld(s, encryption(s), 'server-side encryption settings', { approx: true }),
  extendedLocation: fld(
    s,
    extendedLocation(s),
    'extended location of the account; when unset the account is created in the main region',
    {
      approx: true,
    },
  ),
  identity: fld(s, identity(s), 'the managed identity of the account'),
  immutableStorageWithVersioning: fld(
    s,
    immutableStorageAccount(s),
    'account-level immutability; can only be set to true at account creation; enables object-level immutability for new containers by default',
    { createOnly: true },
  ),
  isHnsEnabled: fld(s, bool(), 'enables the hierarchical namespace'),
  isLocalUserEnabled: fld(s, bool(), 'enables the local users feature'),
  isNfsV3Enabled: fld(s, bool(), 'enables NFS 3.0 support'),
  isSftpEnabled: fld(s, bool(), 'enables secure file transfer (SFTP)'),
  keyPolicy: fld(s, keyPolicy(s), 'key policy of the account'),
  kind: fld(s, accountKindEnum(s), 'the account type', { required: true }),
  largeFileSharesState: fld(
    s,
    largeFileSharesStateEnum(),
    'large file shares; raises the share quota limit to 102400 GB',
    {
      irreversible: 'large file shares cannot be disabled once enabled',
    },
  ),
  location: s
    ? commonStatus.location()
    : {
        ...locationField(
          true,
          'geo-location of the account; the region cannot change after creation (an update naming the same region succeeds)',
        ),
        createOnly: true,
      },
  minimumTlsVersion: fld(s, minimumTlsVersionEnum(), 'minimum TLS version allowed for requests to the account', {
    default: 'TLS1_0',
  }),
  networkAcls: fld(s, networkRuleSet(s), 'network rule set of the account'),
  publicNetworkAccess: fld(s, publicNetworkAccessEnum(), 'whether the account is reachable from public networks'),
  routingPreference: fld(s, routingPreference(s), 'network routing choice for data transfer'),
  sasPolicy: fld(s, sasPolicy(s), 'shared access signature policy of the account'),
  sku: fld(s, sku(s), 'the SKU of the account', { required: true }),
  supportsHttpsTrafficOnly: fld(s, bool(), 'allows only HTTPS traffic to the storage service', {
    default: true,
    defaultDoc: 'true since API version 2019-04-01',
  }),
  tags: s
    ? commonStatus.tags()
    : opt(
        map(str({ maxLength: 256 }), { maxEntries: 15, keyMaxLength: 128 }),
        'resource tags: at most 15; keys at most 128 characters, values at most 256',
      ),
});

const storageAccount: KindDef = {
  ...base,
  kind: 'StorageAccount',
  holdsData: 'its blobs, files, queues and tables',
  doc: 'A storage account: the owner of the blob, file, queue and table services and of the management policy.',
  pathShape: ACCOUNT_PATH,
  owner: { style: 'known', kind: 'ResourceGroup' },
  provisioningStates: ACCOUNT_STATES,
  nameLimits: [
    { minLength: 3, maxLength: 24, doc: '3 to 24 characters', severity: 'error' },
    // reference-shapes.md: "lowercase letters and digits in later versions: warn".
    { pattern: '^[a-z0-9]+$', doc: 'lowercase letters and digits', severity: 'warning', laterVersions: true },
  ],
  spec: obj(
    'StorageAccount_Spec',
    sorted({
      ...accountFields(''),
      cloudName: cloudNameField(),
      operatorSpec: operatorSpec('StorageAccount', {
        configMaps: opt(operatorConfigMaps(), 'config maps the operator writes account endpoints to'),
        secrets: opt(operatorSecrets(), 'secrets the operator writes account endpoints and keys to'),
      }),
      owner: ownerField('ResourceGroup', 'the resource group the account is deployed in'),
    }),
  ),
  status: obj(
    'StorageAccount_STATUS',
    sorted({
      ...accountFields('_STATUS'),
      ...commonStatusFields(),
      blobRestoreStatus: opt(blobRestoreStatus(), 'status of the latest blob restore'),
      creationTime: opt(str(), 'creation time of the account (UTC)'),
      failoverInProgress: opt(bool(), 'true while a failover is in progress, otherwise null'),
      geoReplicationStats: opt(geoReplicationStats(), 'geo-replication statistics'),
      keyCreationTime: opt(
        open('KeyCreationTime_STATUS', 'the shape of the key creation times is not shown'),
        'creation time of the account keys',
      ),
      lastGeoFailoverTime: opt(
        str(),
        'time of the latest failover to the secondary location; absent if there was never one; only for Standard_GRS or Standard_RAGRS',
      ),
      primaryEndpoints: opt(
        endpoints(),
        'URLs used to reach public blob, queue and table objects; Standard_ZRS and Premium_LRS return only the blob endpoint',
      ),
      primaryLocation: opt(str(), 'location of the primary data center'),
      privateEndpointConnections: opt(
        arr(open('PrivateEndpointConnection_STATUS', 'the shape of a private endpoint connection is not shown')),
        'private endpoint connections of the account',
      ),
      provisioningState: commonStatus.provisioningState(ACCOUNT_STATES),
      secondaryEndpoints: opt(endpoints(), 'URLs of the secondary location; only when the SKU is Standard_RAGRS'),
      secondaryLocation: opt(
        str(),
        'location of the geo-replicated secondary; only for Standard_GRS or Standard_RAGRS',
      ),
      statusOfPrimary: opt(availabilityEnum('AccountStatus_STATUS'), 'whether the primary location is available'),
      statusOfSecondary: opt(
        availabilityEnum('AccountStatus_STATUS'),
        'whether the secondary location is available; only for Standard_GRS or Standard_RAGRS',
      ),
      storageAccountSkuConversionStatus: opt(skuConversionStatus(), 'progress of an asynchronous SKU conversion'),
    }),
  ),
};

// ---------------------------------------------------------------------------------------------------
// StorageAccountsBlobService

const changeFeed = (s: Sfx): ObjectType =>
  obj(
    `ChangeFeed${s}`,
    {
      enabled: fld(s, bool(), 'whether change feed logging is enabled'),
      retentionInDays: fld(
        s,
        s ? int() : int({ minimum: 1, maximum: 146000 }),
        'days the change feed is retained: 1 to 146000; null means infinite retention',
      ),
    },
    { doc: 'Change feed settings of the blob service.' },
  );

const lastAccessTimeTrackingPolicy = (s: Sfx): ObjectType =>
  obj(
    `LastAccessTimeTrackingPolicy${s}`,
    {
      blobType: fld(s, arr(str()), 'blob types the policy applies to'),
      enable: fld(s, bool(), 'whether last access time tracking is enabled', { required: true }),
      name: fld(
        s,
        enm(['AccessTimeTracking'], 'LastAccessTimeTrackingPolicy_Name'),
        'name of the policy; the only value is `AccessTimeTracking`',
      ),
      trackingGranularityInDays: fld(s, int(), 'granularity of last access time tracking, in days'),
    },
    { doc: 'Last access time tracking policy of the blob service.' },
  );

const restorePolicy = (s: Sfx): ObjectType =>
  obj(
    `RestorePolicyProperties${s}`,
    {
      days: fld(s, s ? int() : int({ minimum: 1, maximum: 365 }), 'how long a blob can be restored, in days: 1 to 365'),
      enabled: fld(s, bool(), 'whether the blob restore policy is enabled', { required: true }),
    },
    // The status form carries further fields that are not shown.
    s
      ? { doc: 'Blob restore policy of the blob service.', unknownFields: 'warning' }
      : { doc: 'Blob restore policy of the blob service.' },
  );

const blobServiceFields = (s: Sfx): Record<string, Field> => ({
  automaticSnapshotPolicyEnabled: fld(s, bool(), 'automatic snapshot policy', {
    deprecated: 'use `isVersioningEnabled` instead',
  }),
  changeFeed: fld(s, changeFeed(s), 'change feed events of the blob service'),
  containerDeleteRetentionPolicy: fld(s, deleteRetentionPolicy(s), 'container soft delete settings'),
  cors: corsField(s),
  defaultServiceVersion: fld(
    s,
    // "2008-10-27 and later versions are possible": a version is a date; an earlier or malformed one is not.
    s
      ? str()
      : str({
          pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
          patternDoc: 'a data-service version, a date such as `2021-08-06`',
          notBefore: '2008-10-27',
        }),
    'data-service version used when a request names none; 2008-10-27 and later versions are possible',
  ),
  deleteRetentionPolicy: fld(s, deleteRetentionPolicy(s), 'blob soft delete settings'),
  isVersioningEnabled: fld(s, bool(), 'enables blob versioning'),
  lastAccessTimeTrackingPolicy: fld(s, lastAccessTimeTrackingPolicy(s), 'last access time tracking policy'),
  restorePolicy: fld(s, restorePolicy(s), 'blob restore policy'),
});

const blobService: KindDef = {
  ...base,
  kind: 'StorageAccountsBlobService',
  doc: 'The blob service of a storage account: soft delete, versioning, change feed, restore and CORS settings.',
  pathShape: `${ACCOUNT_PATH}/blobServices/default`,
  owner: { style: 'known', kind: 'StorageAccount' },
  spec: obj(
    'StorageAccountsBlobService_Spec',
    sorted({
      ...blobServiceFields(''),
      operatorSpec: plainOperatorSpec('StorageAccountsBlobService'),
      owner: ownerField('StorageAccount', 'the storage account this blob service belongs to'),
    }),
  ),
  status: obj(
    'StorageAccountsBlobService_STATUS',
    sorted({
      ...blobServiceFields('_STATUS'),
      ...commonStatusFields(),
      sku: opt(sku('_STATUS'), 'SKU of the storage account'),
    }),
  ),
};

// ---------------------------------------------------------------------------------------------------
// StorageAccountsBlobServicesContainer

const protectedAppendWritesHistory = (): ObjectType =>
  obj('ProtectedAppendWritesHistory_STATUS', {
    allowProtectedAppendWritesAll: opt(bool(), 'allows protected append writes to block and append blobs'),
    timestamp: opt(str(), 'time the setting was changed'),
  });

const tagProperty = (): ObjectType =>
  obj('TagProperty_STATUS', {
    objectIdentifier: opt(str(), 'object id of the user who added the tag'),
    tag: opt(str(), 'the legal hold tag'),
    tenantId: opt(str(), 'tenant id of the user who added the tag'),
    timestamp: opt(str(), 'time the tag was added'),
    upn: opt(str(), 'user principal name of the user who added the tag'),
  });

// Only some fields of UpdateHistoryProperty_STATUS are shown ("the remaining fields are in the gap note").
const updateHistoryProperty = (): ObjectType =>
  obj(
    'UpdateHistoryProperty_STATUS',
    {
      allowProtectedAppendWrites: opt(bool(), 'allows protected append writes to append blobs'),
      allowProtectedAppendWritesAll: opt(bool(), 'allows protected append writes to block and append blobs'),
      immutabilityPeriodSinceCreationInDays: opt(int(), 'immutability period in days since blob creation'),
      objectIdentifier: opt(str(), 'object id of the user who updated the policy'),
      tenantId: opt(str(), 'tenant id of the user who updated the policy'),
      timestamp: opt(str(), 'time of the update'),
    },
    {
      doc: 'One update of an immutability policy; `allowProtectedAppendWrites` and `allowProtectedAppendWritesAll` are mutually exclusive.',
      exclusive: [atMostOne('allowProtectedAppendWrites', 'allowProtectedAppendWritesAll')],
      unknownFields: 'warning',
    },
  );

// ImmutabilityPolicyProperties_STATUS and LegalHoldProperties_STATUS are not shown; the documented sub-types
// are placed where their names point, with unknown keys accepted.
const immutabilityPolicyProperties = (): ObjectType =>
  obj(
    'ImmutabilityPolicyProperties_STATUS',
    {
      state: opt(
        enm(['Locked', 'Unlocked'], 'ImmutabilityPolicyProperty_State_STATUS'),
        'state of the immutability policy',
      ),
      updateHistory: opt(arr(updateHistoryProperty()), 'history of the policy updates'),
    },
    {
      doc: 'The immutability policy of the container; its shape is not shown beyond its sub-types.',
      unknownFields: 'warning',
    },
  );

const legalHoldProperties = (): ObjectType =>
  obj(
    'LegalHoldProperties_STATUS',
    {
      protectedAppendWritesHistory: opt(
        protectedAppendWritesHistory(),
        'history of the protected append writes setting',
      ),
      tags: opt(arr(tagProperty()), 'the legal hold tags'),
    },
    { doc: 'Legal hold of the container; its shape is not shown beyond its sub-types.', unknownFields: 'warning' },
  );

const immutableStorageWithVersioningStatus = (): ObjectType =>
  obj(
    'ImmutableStorageWithVersioning_STATUS',
    {
      migrationState: opt(
        enm(['Completed', 'InProgress'], 'ImmutableStorageWithVersioning_MigrationState_STATUS'),
        'state of the migration of an existing container',
      ),
    },
    {
      doc: 'Object-level immutability of the container; its shape is not shown beyond the migration state.',
      unknownFields: 'warning',
    },
  );

// The portal calls `None` "Private (no anonymous access)": manifests written from it say `Private`.
const publicAccessEnum = (): StringType => ({
  ...enm(['Blob', 'Container', 'None'], 'ContainerProperties_PublicAccess'),
  aliases: { Private: 'None' },
});

const containerFields = (s: Sfx): Record<string, Field> => ({
  defaultEncryptionScope: fld(s, str(), 'the encryption scope used by default for all writes to the container'),
  denyEncryptionScopeOverride: fld(s, bool(), 'blocks overriding the container default encryption scope'),
  enableNfsV3AllSquash: fld(s, bool(), 'enables NFS 3.0 all squash on the container'),
  enableNfsV3RootSquash: fld(s, bool(), 'enables NFS 3.0 root squash on the container'),
  immutableStorageWithVersioning: s
    ? opt(immutableStorageWithVersioningStatus(), 'object-level immutability of the container')
    : opt(
        // reference-shapes.md ("Required members…"): one member, `enabled` (≈: warnings).
        obj(
          'ImmutableStorageWithVersioning',
          { enabled: opt(bool(), 'enables object-level immutability on the container') },
          { doc: 'Object-level immutability of the container.', unknownFields: 'warning' },
        ),
        'object-level immutability; can only be set to true at container creation; existing containers need a migration process',
        { createOnly: true, approx: true },
      ),
  metadata: fld(s, map(str()), 'name-value pairs stored as container metadata'),
  publicAccess: fld(
    s,
    publicAccessEnum(),
    'whether data in the container may be accessed publicly, and at which level',
  ),
});

const container: KindDef = {
  ...base,
  kind: 'StorageAccountsBlobServicesContainer',
  holdsData: 'its blobs',
  doc: 'A blob container of a blob service.',
  pathShape: `${ACCOUNT_PATH}/blobServices/default/containers/{containerName}`,
  owner: { style: 'known', kind: 'StorageAccountsBlobService' },
  nameLimits: NAME_3_63,
  spec: obj(
    'StorageAccountsBlobServicesContainer_Spec',
    sorted({
      ...containerFields(''),
      cloudName: cloudNameField(),
      operatorSpec: plainOperatorSpec('StorageAccountsBlobServicesContainer'),
      owner: ownerField('StorageAccountsBlobService', 'the blob service this container belongs to'),
    }),
  ),
  status: obj(
    'StorageAccountsBlobServicesContainer_STATUS',
    sorted({
      ...containerFields('_STATUS'),
      ...commonStatusFields(),
      deleted: opt(bool(), 'whether the container was deleted'),
      deletedTime: opt(str(), 'time the container was deleted'),
      etag: opt(str(), 'entity tag of the resource'),
      hasImmutabilityPolicy: opt(bool(), 'true once an immutability policy was created for the container'),
      hasLegalHold: opt(
        bool(),
        'true while the container has at least one legal hold tag; at most 1000 containers with legal hold per account',
      ),
      immutabilityPolicy: opt(immutabilityPolicyProperties(), 'the immutability policy of the container'),
      lastModifiedTime: opt(str(), 'time the container was last modified'),
      leaseDuration: opt(
        leaseDurationEnum(),
        'whether the lease is of infinite or fixed duration; only when the container is leased',
      ),
      leaseState: opt(leaseStateEnum(), 'lease state of the container'),
      leaseStatus: opt(leaseStatusEnum(), 'lease status of the container'),
      legalHold: opt(legalHoldProperties(), 'the legal hold of the container'),
      remainingRetentionDays: opt(int(), 'days left before a soft-deleted container is permanently deleted'),
      version: opt(str(), 'version of the deleted container'),
    }),
  ),
};

// ---------------------------------------------------------------------------------------------------
// StorageAccountsFileService

const delimited = (items: string[]) => str({ delimited: { separator: ';', items } });

const smbSetting = (s: Sfx): ObjectType =>
  obj(
    `SmbSetting${s}`,
    {
      authenticationMethods: fld(s, delimited(['NTLMv2', 'Kerberos']), 'SMB authentication methods, separated by `;`'),
      channelEncryption: fld(
        s,
        delimited(['AES-128-CCM', 'AES-128-GCM', 'AES-256-GCM']),
        'SMB channel encryption, separated by `;`',
      ),
      kerberosTicketEncryption: fld(
        s,
        delimited(['RC4-HMAC', 'AES-256']),
        'Kerberos ticket encryption, separated by `;`',
      ),
      multichannel: fld(
        s,
        obj(
          `Multichannel${s}`,
          { enabled: fld(s, bool(), 'whether SMB multichannel is enabled') },
          { doc: 'SMB multichannel settings.' },
        ),
        'SMB multichannel; applies to Premium FileStorage only',
      ),
      versions: fld(s, delimited(['SMB2.1', 'SMB3.0', 'SMB3.1.1']), 'SMB protocol versions, separated by `;`'),
    },
    { doc: 'SMB protocol settings; every value is one string with `;` as delimiter.' },
  );

const protocolSettings = (s: Sfx): ObjectType =>
  obj(
    `ProtocolSettings${s}`,
    { smb: fld(s, smbSetting(s), 'SMB protocol settings') },
    { doc: 'Protocol settings of the file service.' },
  );

const fileServiceFields = (s: Sfx): Record<string, Field> => ({
  cors: corsField(s),
  protocolSettings: fld(s, protocolSettings(s), 'protocol settings of the file service'),
  shareDeleteRetentionPolicy: fld(s, deleteRetentionPolicy(s), 'share soft delete settings'),
});

const fileService: KindDef = {
  ...base,
  kind: 'StorageAccountsFileService',
  doc: 'The file service of a storage account: CORS, SMB protocol and share soft delete settings.',
  pathShape: `${ACCOUNT_PATH}/fileServices/default`,
  owner: { style: 'known', kind: 'StorageAccount' },
  spec: obj(
    'StorageAccountsFileService_Spec',
    sorted({
      ...fileServiceFields(''),
      operatorSpec: plainOperatorSpec('StorageAccountsFileService'),
      owner: ownerField('StorageAccount', 'the storage account this file service belongs to'),
    }),
  ),
  status: obj(
    'StorageAccountsFileService_STATUS',
    sorted({
      ...fileServiceFields('_STATUS'),
      ...commonStatusFields(),
      sku: opt(sku('_STATUS'), 'SKU of the storage account'),
    }),
  ),
};

// ---------------------------------------------------------------------------------------------------
// StorageAccountsFileServicesShare

const shareAccessTierEnum = () =>
  enm(
    [
      ['Cool', 'general-purpose v2 accounts'],
      ['Hot', 'general-purpose v2 accounts'],
      ['Premium', 'file storage accounts'],
      ['TransactionOptimized', 'general-purpose v2 accounts; the default there'],
    ],
    'FileShareProperties_AccessTier',
  );

const accessPolicy = (s: Sfx): ObjectType =>
  obj(
    `AccessPolicy${s}`,
    {
      expiryTime: fld(s, str(), 'expiry time of the access policy'),
      permission: fld(s, str(), 'permissions of the access policy, as an abbreviated permissions string'),
      startTime: fld(s, str(), 'start time of the access policy'),
    },
    { doc: 'A stored access policy.' },
  );

const signedIdentifier = (s: Sfx): ObjectType =>
  obj(
    `SignedIdentifier${s}`,
    {
      accessPolicy: fld(s, accessPolicy(s), 'the access policy'),
      ...(s
        ? { id: opt(str(), 'identifier of the stored access policy') }
        : { reference: opt(resourceReference(), 'identifier of the stored access policy') }),
    },
    { doc: 'A stored access policy of the share.' },
  );

const shareFields = (s: Sfx): Record<string, Field> => ({
  accessTier: fld(
    s,
    shareAccessTierEnum(),
    'access tier of the share: general-purpose v2 accounts choose `TransactionOptimized`, `Hot` or `Cool`; file storage accounts choose `Premium`',
    { defaultDoc: '`TransactionOptimized` on general-purpose v2 accounts' },
  ),
  enabledProtocols: fld(
    s,
    enm(['NFS', 'SMB'], 'FileShareProperties_EnabledProtocols'),
    'protocol of the share; only at share creation',
    {
      createOnly: true,
    },
  ),
  metadata: fld(s, map(str()), 'name-value pairs stored as share metadata'),
  rootSquash: fld(
    s,
    enm(['AllSquash', 'NoRootSquash', 'RootSquash'], 'FileShareProperties_RootSquash'),
    'reduction of access rights for remote superusers; NFS shares only',
    { default: 'NoRootSquash' },
  ),
  shareQuota: fld(
    s,
    s ? int() : int({ exclusiveMinimum: 0, maximum: 102400 }),
    'maximum size of the share in gigabytes: greater than 0 and at most 5120; at most 102400 when the account has large file shares enabled',
  ),
  signedIdentifiers: fld(s, arr(signedIdentifier(s)), 'stored access policies of the share'),
});

const share: KindDef = {
  ...base,
  kind: 'StorageAccountsFileServicesShare',
  holdsData: 'its files',
  doc: 'A file share of a file service.',
  pathShape: `${ACCOUNT_PATH}/fileServices/default/shares/{shareName}`,
  owner: { style: 'known', kind: 'StorageAccountsFileService' },
  nameLimits: NAME_3_63,
  spec: obj(
    'StorageAccountsFileServicesShare_Spec',
    sorted({
      ...shareFields(''),
      cloudName: cloudNameField(),
      operatorSpec: plainOperatorSpec('StorageAccountsFileServicesShare'),
      owner: ownerField('StorageAccountsFileService', 'the file service this share belongs to'),
    }),
  ),
  status: obj(
    'StorageAccountsFileServicesShare_STATUS',
    sorted({
      ...shareFields('_STATUS'),
      ...commonStatusFields(),
      accessTierChangeTime: opt(str(), 'time the access tier was last changed'),
      accessTierStatus: opt(str(), 'a pending transition of the access tier'),
      deleted: opt(bool(), 'whether the share was deleted'),
      deletedTime: opt(str(), 'time the share was deleted'),
      etag: opt(str(), 'entity tag of the resource'),
      lastModifiedTime: opt(str(), 'time the share was last modified'),
      leaseDuration: opt(
        leaseDurationEnum(),
        'whether the lease is of infinite or fixed duration; only when the share is leased',
      ),
      leaseState: opt(leaseStateEnum(), 'lease state of the share'),
      leaseStatus: opt(leaseStatusEnum(), 'lease status of the share'),
      remainingRetentionDays: opt(int(), 'days left before a soft-deleted share is permanently deleted'),
      shareUsageBytes: opt(int(), 'approximate size of the data stored in the share, in bytes'),
      snapshotTime: opt(str(), 'creation time of the share snapshot'),
      version: opt(str(), 'version of the share'),
    }),
  ),
};

// ---------------------------------------------------------------------------------------------------
// StorageAccountsManagementPolicy
//
// ManagementPolicyDefinition comes from reference-shapes.md (≈): `actions` (required) with `baseBlob`,
// `snapshot`, `version`; `filters` with `blobTypes` (required when filters are set), `prefixMatch`,
// `blobIndexMatch[]` `{name, op, value}`; each action has `daysAfter…GreaterThan` numbers ≥ 0. The rule's
// `definition` is therefore `approx` (warnings only) and every object below it accepts unknown keys with a
// warning. The action names (`delete`, `tierTo…`) are those of the operator's API; only `delete` is shown.

const daysAfter = (s: Sfx, what: string): Field =>
  fld(s, s ? num() : num({ minimum: 0 }), `days after ${what} before the action applies (0 or more)`);

const dateAfterModification = (s: Sfx): ObjectType =>
  obj(
    `DateAfterModification${s}`,
    {
      daysAfterCreationGreaterThan: daysAfter(s, 'creation'),
      daysAfterLastAccessTimeGreaterThan: daysAfter(s, 'the last access (needs last access time tracking)'),
      daysAfterLastTierChangeGreaterThan: daysAfter(s, 'the last tier change'),
      daysAfterModificationGreaterThan: daysAfter(s, 'the last modification'),
    },
    { doc: 'When a base blob action applies.', unknownFields: 'warning' },
  );

const dateAfterCreation = (s: Sfx): ObjectType =>
  obj(
    `DateAfterCreation${s}`,
    {
      // reference-shapes.md ("Required members…"): required in every snapshot and version action (≈).
      daysAfterCreationGreaterThan: fld(
        s,
        s ? num() : num({ minimum: 0 }),
        'days after creation before the action applies (0 or more); required',
        { required: true },
      ),
      daysAfterLastTierChangeGreaterThan: daysAfter(s, 'the last tier change'),
    },
    { doc: 'When a snapshot or version action applies.', unknownFields: 'warning' },
  );

const tierActions = (s: Sfx, when: (s: Sfx) => ObjectType, what: string): Record<string, Field> => ({
  delete: fld(s, when(s), `delete the ${what}`),
  tierToArchive: fld(s, when(s), `move the ${what} to the archive tier`),
  tierToCold: fld(s, when(s), `move the ${what} to the cold tier`),
  tierToCool: fld(s, when(s), `move the ${what} to the cool tier`),
  tierToHot: fld(s, when(s), `move the ${what} to the hot tier`),
});

const managementPolicyAction = (s: Sfx): ObjectType =>
  obj(
    `ManagementPolicyAction${s}`,
    {
      baseBlob: fld(
        s,
        obj(
          `ManagementPolicyBaseBlob${s}`,
          {
            ...tierActions(s, dateAfterModification, 'base blob'),
            enableAutoTierToHotFromCool: fld(s, bool(), 'moves a blob from cool to hot when it is accessed'),
          },
          { doc: 'Actions on the base blob.', unknownFields: 'warning' },
        ),
        'actions on the base blob',
      ),
      snapshot: fld(
        s,
        obj(`ManagementPolicySnapShot${s}`, tierActions(s, dateAfterCreation, 'blob snapshot'), {
          doc: 'Actions on blob snapshots.',
          unknownFields: 'warning',
        }),
        'actions on blob snapshots',
      ),
      version: fld(
        s,
        obj(`ManagementPolicyVersion${s}`, tierActions(s, dateAfterCreation, 'blob version'), {
          doc: 'Actions on blob versions.',
          unknownFields: 'warning',
        }),
        'actions on blob versions',
      ),
    },
    { doc: 'The actions of a lifecycle rule: on base blobs, snapshots and versions.', unknownFields: 'warning' },
  );

const managementPolicyFilter = (s: Sfx): ObjectType =>
  obj(
    `ManagementPolicyFilter${s}`,
    {
      blobIndexMatch: fld(
        s,
        arr(
          obj(
            `TagFilter${s}`,
            {
              // reference-shapes.md ("Required members…"): all three required, with these lengths (≈).
              name: fld(
                s,
                s ? str() : str({ minLength: 1, maxLength: 128 }),
                'blob index tag name: 1 to 128 characters',
                {
                  required: true,
                },
              ),
              op: fld(s, str(), 'comparison operator', { required: true }),
              value: fld(s, s ? str() : str({ maxLength: 256 }), 'blob index tag value: 0 to 256 characters', {
                required: true,
              }),
            },
            { doc: 'A blob index tag condition.', unknownFields: 'warning' },
          ),
        ),
        'blob index tag conditions',
      ),
      blobTypes: fld(
        s,
        arr(str()),
        'blob types the rule applies to (e.g. `blockBlob`); required when filters are set',
        {
          required: true,
        },
      ),
      prefixMatch: fld(s, arr(str()), 'blob name prefixes the rule applies to'),
    },
    { doc: 'Filters limiting the blobs a lifecycle rule applies to.', unknownFields: 'warning' },
  );

const managementPolicyDefinition = (s: Sfx): ObjectType =>
  obj(
    `ManagementPolicyDefinition${s}`,
    {
      actions: fld(s, managementPolicyAction(s), 'the actions of the rule', { required: true }),
      filters: fld(s, managementPolicyFilter(s), 'filters limiting the blobs the rule applies to'),
    },
    { doc: 'What a lifecycle rule does, and to which blobs.', unknownFields: 'warning' },
  );

const managementPolicyRule = (s: Sfx): ObjectType =>
  obj(
    `ManagementPolicyRule${s}`,
    {
      definition: fld(s, managementPolicyDefinition(s), 'what the rule does and to which blobs', {
        required: true,
        approx: true,
      }),
      enabled: fld(s, bool(), 'whether the rule is enabled'),
      name: fld(
        s,
        s
          ? str()
          : str({
              pattern: '^[A-Za-z0-9]+$',
              patternDoc:
                'alphanumeric characters (the cloud documents this; real manifests use `-` too, so this is a warning)',
              patternSeverity: 'warning',
            }),
        'name of the rule: alphanumeric characters, case-sensitive, unique in the policy',
        { required: true },
      ),
      type: fld(
        s,
        enm([['Lifecycle', 'the only valid rule type']], 'ManagementPolicyRule_Type'),
        'the rule type; the valid value is `Lifecycle`',
        {
          required: true,
        },
      ),
    },
    { doc: 'One lifecycle management rule.' },
  );

const managementPolicySchema = (s: Sfx): ObjectType =>
  obj(
    `ManagementPolicySchema${s}`,
    {
      rules: fld(
        s,
        arr(managementPolicyRule(s), s ? {} : { uniqueBy: 'name' }),
        'the lifecycle rules; rule names are unique in the policy',
        {
          required: true,
        },
      ),
    },
    { doc: 'A lifecycle management policy document.' },
  );

const managementPolicy: KindDef = {
  ...base,
  kind: 'StorageAccountsManagementPolicy',
  doc: 'The lifecycle management policy of a storage account.',
  pathShape: `${ACCOUNT_PATH}/managementPolicies/default`,
  owner: { style: 'known', kind: 'StorageAccount' },
  spec: obj('StorageAccountsManagementPolicy_Spec', {
    operatorSpec: plainOperatorSpec('StorageAccountsManagementPolicy'),
    owner: ownerField('StorageAccount', 'the storage account this policy belongs to'),
    policy: req(managementPolicySchema(''), 'the lifecycle management policy document'),
  }),
  status: obj(
    'StorageAccountsManagementPolicy_STATUS',
    sorted({
      ...commonStatusFields(),
      lastModifiedTime: opt(str(), 'time the policy was last modified'),
      policy: opt(managementPolicySchema('_STATUS'), 'the lifecycle management policy document'),
    }),
  ),
};

// ---------------------------------------------------------------------------------------------------
// Queue and table services (paths not shown)

const queueService: KindDef = {
  ...base,
  kind: 'StorageAccountsQueueService',
  // reference-shapes.md ("Required members…"): owners by `armId` end in `…/queueServices/default`.
  ownerIdShape: `${ACCOUNT_PATH}/queueServices/default`,
  doc: 'The queue service of a storage account: its CORS settings.',
  owner: { style: 'known', kind: 'StorageAccount' },
  spec: obj('StorageAccountsQueueService_Spec', {
    cors: corsField(''),
    operatorSpec: plainOperatorSpec('StorageAccountsQueueService'),
    owner: ownerField('StorageAccount', 'the storage account this queue service belongs to'),
  }),
  status: obj('StorageAccountsQueueService_STATUS', sorted({ ...commonStatusFields(), cors: corsField('_STATUS') })),
};

const queue: KindDef = {
  ...base,
  kind: 'StorageAccountsQueueServicesQueue',
  holdsData: 'its messages',
  doc: 'A queue of a queue service.',
  owner: { style: 'known', kind: 'StorageAccountsQueueService' },
  nameLimits: NAME_3_63,
  spec: obj('StorageAccountsQueueServicesQueue_Spec', {
    cloudName: cloudNameField(),
    metadata: opt(map(str()), 'name-value pairs stored as queue metadata'),
    operatorSpec: plainOperatorSpec('StorageAccountsQueueServicesQueue'),
    owner: ownerField('StorageAccountsQueueService', 'the queue service this queue belongs to'),
  }),
  status: obj(
    'StorageAccountsQueueServicesQueue_STATUS',
    sorted({
      ...commonStatusFields(),
      approximateMessageCount: opt(
        int(),
        'approximate number of messages in the queue: never lower than the real count, possibly higher',
      ),
      metadata: opt(map(str()), 'name-value pairs stored as queue metadata'),
    }),
  ),
};

const tableService: KindDef = {
  ...base,
  kind: 'StorageAccountsTableService',
  // reference-shapes.md ("Required members…"): owners by `armId` end in `…/tableServices/default`.
  ownerIdShape: `${ACCOUNT_PATH}/tableServices/default`,
  doc: 'The table service of a storage account: its CORS settings.',
  owner: { style: 'known', kind: 'StorageAccount' },
  spec: obj('StorageAccountsTableService_Spec', {
    cors: corsField(''),
    operatorSpec: plainOperatorSpec('StorageAccountsTableService'),
    owner: ownerField('StorageAccount', 'the storage account this table service belongs to'),
  }),
  status: obj('StorageAccountsTableService_STATUS', sorted({ ...commonStatusFields(), cors: corsField('_STATUS') })),
};

const tableAccessPolicy = (s: Sfx): ObjectType =>
  obj(
    `TableAccessPolicy${s}`,
    {
      expiryTime: fld(s, str(), 'UTC time the access policy expires'),
      permission: fld(s, str(), 'permissions of the access policy; supported values include `r`, `a`, `u` and `d`', {
        required: true,
      }),
      startTime: fld(s, str(), 'UTC time the access policy becomes valid'),
    },
    { doc: 'A table stored access policy.' },
  );

const tableSignedIdentifier = (s: Sfx): ObjectType =>
  obj(
    `TableSignedIdentifier${s}`,
    {
      accessPolicy: fld(s, tableAccessPolicy(s), 'the access policy'),
      ...(s
        ? { id: opt(str({ maxLength: 64 }), 'unique identifier of the stored access policy (at most 64 characters)') }
        : {
            reference: req(
              resourceReference(),
              'unique identifier of the stored access policy (a value of at most 64 characters)',
            ),
          }),
    },
    { doc: 'A stored access policy of the table.' },
  );

const table: KindDef = {
  ...base,
  kind: 'StorageAccountsTableServicesTable',
  holdsData: 'its entities',
  doc: 'A table of a table service.',
  owner: { style: 'known', kind: 'StorageAccountsTableService' },
  nameLimits: [
    {
      pattern: '^[A-Za-z][A-Za-z0-9]{2,62}$',
      doc: 'a letter, then letters and digits: 3 to 63 characters in all',
      severity: 'error',
    },
  ],
  spec: obj('StorageAccountsTableServicesTable_Spec', {
    cloudName: cloudNameField(),
    operatorSpec: plainOperatorSpec('StorageAccountsTableServicesTable'),
    owner: ownerField('StorageAccountsTableService', 'the table service this table belongs to'),
    signedIdentifiers: opt(arr(tableSignedIdentifier('')), 'stored access policies of the table'),
  }),
  status: obj(
    'StorageAccountsTableServicesTable_STATUS',
    sorted({
      ...commonStatusFields(),
      signedIdentifiers: opt(arr(tableSignedIdentifier('_STATUS')), 'stored access policies of the table'),
      tableName: opt(str(), 'name of the table'),
    }),
  ),
};

export const storageKinds: KindDef[] = [
  storageAccount,
  blobService,
  container,
  fileService,
  share,
  managementPolicy,
  queueService,
  queue,
  tableService,
  table,
];

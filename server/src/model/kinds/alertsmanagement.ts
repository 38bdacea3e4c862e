// Alert rule group `alertsmanagement.{api_domain}`, version `v20230301`, API version 2023-03-01
// (document 1, "Alert rule group" and "Limits"; the name limit from reference-shapes.md, "Name limits").
// PrometheusRuleGroup has no provisioning state field.
import { arr, bool, int, map, obj, opt, req, str } from '../build';
import {
  cloudNameField,
  commonStatus,
  knownResourceReference,
  locationField,
  operatorSpec,
  resourceReference,
  tagsField,
} from '../common';
import type { KindDef, ObjectType } from '../types';

const SOURCE = '1-common-authorization-appconfiguration-alerts.txt';

const ACTIONS_DOC = 'actions performed when the alert becomes active and when it resolves (alerts only)';
const RESOLVE_DOC = 'how the alert is resolved automatically (alerts only)';
const ANNOTATIONS_DOC = 'informational labels of the rule; values can be templated';
const LABELS_DOC = 'labels added to, or overwritten in, the result before it is stored';
const EXPRESSION_DOC =
  'PromQL expression evaluated periodically at the group interval; for a recording rule the result is recorded as a time series named by `record`';

const action = (): ObjectType =>
  obj('PrometheusRuleGroupAction', {
    actionGroupReference: opt(resourceReference(), 'the action group to invoke'),
    actionProperties: opt(map(str()), 'properties passed to the action'),
  });

const actionStatus = (): ObjectType =>
  obj('PrometheusRuleGroupAction_STATUS', {
    actionGroupId: opt(str(), 'id of the action group invoked'),
    actionProperties: opt(map(str()), 'properties passed to the action'),
  });

const resolveConfiguration = (suffix: '' | '_STATUS'): ObjectType =>
  obj(`PrometheusRuleResolveConfiguration${suffix}`, {
    autoResolved: opt(bool(), 'enables automatic resolution of the alert'),
    timeToResolve: opt(
      str({ format: 'duration' }),
      'timeout after which the alert is resolved automatically (ISO 8601 duration)',
    ),
  });

const rule = (): ObjectType =>
  obj(
    'PrometheusRule',
    {
      actions: opt(arr(action()), ACTIONS_DOC),
      alert: opt(str(), 'name of the alert rule (set for an alerting rule)'),
      annotations: opt(map(str()), ANNOTATIONS_DOC),
      enabled: opt(bool(), 'enables or disables the rule'),
      expression: req(str({ format: 'promql' }), EXPRESSION_DOC),
      for: opt(str({ format: 'duration' }), 'how long the alert must stay active before it fires (ISO 8601 duration)'),
      labels: opt(map(str()), LABELS_DOC),
      record: opt(str(), 'name of the recorded metric (set for a recording rule)'),
      resolveConfiguration: opt(resolveConfiguration(''), RESOLVE_DOC),
      severity: opt(int({ minimum: 0, maximum: 4 }), 'severity of the alert, an integer from 0 to 4'),
    },
    { doc: 'An alerting rule (`alert`) or a recording rule (`record`).' },
  );

const ruleStatus = (): ObjectType =>
  obj('PrometheusRule_STATUS', {
    actions: opt(arr(actionStatus()), ACTIONS_DOC),
    alert: opt(str(), 'name of the alert rule'),
    annotations: opt(map(str()), ANNOTATIONS_DOC),
    enabled: opt(bool(), 'whether the rule is enabled'),
    expression: opt(str(), 'PromQL expression of the rule'),
    for: opt(str(), 'how long the alert must stay active before it fires'),
    labels: opt(map(str()), LABELS_DOC),
    record: opt(str(), 'name of the recorded metric'),
    resolveConfiguration: opt(resolveConfiguration('_STATUS'), RESOLVE_DOC),
    severity: opt(int(), 'severity of the alert (0 to 4)'),
  });

const prometheusRuleGroup = (): KindDef => ({
  kind: 'PrometheusRuleGroup',
  area: 'alertsmanagement',
  version: 'v20230301',
  apiVersionValue: '2023-03-01',
  source: SOURCE,
  doc: 'A group of PromQL alerting and recording rules evaluated at a common interval against monitoring workspaces.',
  pathShape:
    '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Provider.AlertsManagement/prometheusRuleGroups/{ruleGroupName}',
  owner: { style: 'known', kind: 'ResourceGroup' },
  cloudNameDefault: 'metadata.name',
  nameLimits: [{ pattern: '^[^:@/#{}%&+*<>?]*$', doc: 'none of : @ / # { } % & + * < > ?', severity: 'error' }],
  spec: obj('PrometheusRuleGroup_Spec', {
    cloudName: cloudNameField(),
    clusterName: opt(str(), 'apply the rules only to data from this cluster'),
    description: opt(str(), 'description of the rule group'),
    enabled: opt(bool(), 'enables or disables the rule group'),
    interval: opt(
      str({ format: 'duration', durationSeconds: { min: 60, max: 900 } }),
      'how often the rules are evaluated: an ISO 8601 duration from 1 to 15 minutes (PT1M to PT15M)',
    ),
    location: locationField(true),
    operatorSpec: operatorSpec('PrometheusRuleGroup'),
    owner: req(knownResourceReference('ResourceGroup'), 'the resource group the rule group is deployed in'),
    rules: req(arr(rule()), 'the alerting and recording rules of the group'),
    scopesReferences: req(
      arr(resourceReference(), { minItems: 1, maxItems: 1 }),
      'target monitoring workspaces of the rule group; this version accepts creation with one scope',
    ),
    tags: tagsField(),
  }),
  status: obj('PrometheusRuleGroup_STATUS', {
    clusterName: opt(str(), 'cluster whose data the rules apply to'),
    conditions: commonStatus.conditions(),
    description: opt(str(), 'description of the rule group'),
    enabled: opt(bool(), 'whether the rule group is enabled'),
    id: commonStatus.id(),
    interval: opt(str(), 'how often the rules are evaluated (ISO 8601 duration)'),
    location: commonStatus.location(),
    name: commonStatus.name(),
    rules: opt(arr(ruleStatus()), 'the alerting and recording rules of the group'),
    scopes: opt(arr(str()), 'ids of the target monitoring workspaces'),
    systemData: commonStatus.systemData(),
    tags: commonStatus.tags(),
    type: commonStatus.type(),
  }),
});

export const alertsmanagementKinds: KindDef[] = [prometheusRuleGroup()];

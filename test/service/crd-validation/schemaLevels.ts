// TestValidationExpressionsAtSchemaLevels of the apiextensions CEL validator (validation_test.go): rules at
// any level of a schema (array items, additionalProperties, escaped and unescapable property names, allOf),
// each case with the words every error must contain. Case names, rules and values are Kubernetes'.
import type { SchemaLevelCase } from './cases';
import {
  cloneWithRule,
  integerType,
  listType,
  mapType,
  objectType,
  objectTypePtr,
  stringType,
  withRule,
  withRulePtr,
  genMatchSelectorSchema,
} from './schema';

export const SCHEMA_LEVELS: SchemaLevelCase[] = [
  {
    name: 'invalid rule under array items',
    obj: {
      f: [1],
    },
    schema: objectTypePtr({
      f: listType(cloneWithRule(integerType, "self == 'abc'")),
    }),
    errors: ["found no matching overload for '_==_' applied to '(int, string)"],
  },
  {
    name: 'invalid rule under array items, parent has rule',
    obj: {
      f: [1],
    },
    schema: objectTypePtr({
      f: withRule(listType(cloneWithRule(integerType, "self == 'abc'")), '1 == 1'),
    }),
    errors: ["found no matching overload for '_==_' applied to '(int, string)"],
  },
  {
    name: 'invalid rule under additionalProperties',
    obj: {
      f: { k: 1 },
    },
    schema: objectTypePtr({
      f: mapType(cloneWithRule(integerType, "self == 'abc'")),
    }),
    errors: ["found no matching overload for '_==_' applied to '(int, string)"],
  },
  {
    name: 'invalid rule under additionalProperties, parent has rule',
    obj: {
      f: { k: 1 },
    },
    schema: objectTypePtr({
      f: withRule(mapType(cloneWithRule(integerType, "self == 'abc'")), '1 == 1'),
    }),
    errors: ["found no matching overload for '_==_' applied to '(int, string)"],
  },
  {
    name: 'invalid rule under unescaped field name',
    obj: {
      f: {
        m: 1,
      },
    },
    schema: objectTypePtr({
      f: withRule(objectType({ m: integerType }), "self.m == 'abc'"),
    }),
    errors: ["found no matching overload for '_==_' applied to '(int, string)"],
  },
  {
    name: 'invalid rule under unescaped field name, parent has rule',
    obj: {
      f: {
        m: 1,
      },
    },
    schema: withRulePtr(
      objectTypePtr({
        f: withRule(objectType({ m: integerType }), "self.m == 'abc'"),
      }),
      '1 == 1',
    ),
    errors: ["found no matching overload for '_==_' applied to '(int, string)"],
  },
  // check that escaped field names do not impact CEL rule validation
  {
    name: 'invalid rule under escaped field name',
    obj: {
      'f/2': {
        m: 1,
      },
    },
    schema: objectTypePtr({
      'f/2': withRule(objectType({ m: integerType }), "self.m == 'abc'"),
    }),
    errors: ["found no matching overload for '_==_' applied to '(int, string)"],
  },
  {
    name: 'invalid rule under escaped field name, parent has rule',
    obj: {
      'f/2': {
        m: 1,
      },
    },
    schema: withRulePtr(
      objectTypePtr({
        'f/2': withRule(objectType({ m: integerType }), "self.m == 'abc'"),
      }),
      '1 == 1',
    ),
    errors: ["found no matching overload for '_==_' applied to '(int, string)"],
  },
  {
    name: 'failing rule under escaped field name',
    obj: {
      'f/2': {
        m: 1,
      },
    },
    schema: objectTypePtr({
      'f/2': withRule(objectType({ m: integerType }), 'self.m == 2'),
    }),
    errors: ['Invalid value: failed rule: self.m == 2'],
  },
  // unescapable field names that are not accessed by the CEL rule are allowed and should not impact CEL rule validation
  {
    name: 'invalid rule under unescapable field name',
    obj: {
      'a@b': {
        m: 1,
      },
    },
    schema: objectTypePtr({
      'a@b': withRule(objectType({ m: integerType }), "self.m == 'abc'"),
    }),
    errors: ["found no matching overload for '_==_' applied to '(int, string)"],
  },
  {
    name: 'invalid rule under unescapable field name, parent has rule',
    obj: {
      'f@2': {
        m: 1,
      },
    },
    schema: withRulePtr(
      objectTypePtr({
        'f@2': withRule(objectType({ m: integerType }), "self.m == 'abc'"),
      }),
      '1 == 1',
    ),
    errors: ["found no matching overload for '_==_' applied to '(int, string)"],
  },
  {
    name: 'failing rule under unescapable field name',
    obj: {
      'a@b': {
        m: 1,
      },
    },
    schema: objectTypePtr({
      'a@b': withRule(objectType({ m: integerType }), 'self.m == 2'),
    }),
    errors: ['Invalid value: failed rule: self.m == 2'],
  },
  {
    name: "matchExpressions - 'values' must be specified when 'operator' is 'In' or 'NotIn'",
    obj: {
      matchExpressions: [
        {
          key: 'tier',
          operator: 'In',
          values: [],
        },
      ],
    },
    schema: genMatchSelectorSchema(
      'self.matchExpressions.all(rule, (rule.operator != "In" && rule.operator != "NotIn") || ((has(rule.values) && size(rule.values) > 0)))',
    ),
    errors: ['failed rule'],
  },
  {
    name: "matchExpressions - 'values' may not be specified when 'operator' is 'Exists' or 'DoesNotExist'",
    obj: {
      matchExpressions: [
        {
          key: 'tier',
          operator: 'Exists',
          values: ['somevalue'],
        },
      ],
    },
    schema: genMatchSelectorSchema(
      'self.matchExpressions.all(rule, (rule.operator != "Exists" && rule.operator != "DoesNotExist") || ((!has(rule.values) || size(rule.values) == 0)))',
    ),
    errors: ['failed rule'],
  },
  {
    name: 'matchExpressions - invalid selector operator',
    obj: {
      matchExpressions: [
        {
          key: 'tier',
          operator: 'badop',
          values: [],
        },
      ],
    },
    schema: genMatchSelectorSchema(
      'self.matchExpressions.all(rule, rule.operator == "In" || rule.operator == "NotIn" || rule.operator == "DoesNotExist")',
    ),
    errors: ['failed rule'],
  },
  {
    name: 'matchExpressions - invalid label value',
    obj: {
      matchExpressions: [
        {
          key: 'badkey!',
          operator: 'Exists',
          values: [],
        },
      ],
    },
    schema: genMatchSelectorSchema(
      'self.matchExpressions.all(rule, size(rule.key) <= 63 && rule.key.matches("^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$"))',
    ),
    errors: ['failed rule'],
  },
  {
    name: 'allOf rule',
    errors: ["key must be 'value' and key2 must be 'value2'", 'key must not be equal to key2'],
    obj: {
      key: 'value',
      key2: 'value',
    },
    schema: {
      Generic: {
        Type: 'object',
      },
      Properties: {
        key: stringType,
        key2: stringType,
      },
      ValueValidation: {
        AllOf: [
          {
            ValidationExtensions: {
              XValidations: [
                {
                  Rule: "self.key == 'value' && self.key2 == 'value2'",
                  Message: "key must be 'value' and key2 must be 'value2'",
                },
              ],
            },
          },
          {
            ValidationExtensions: {
              XValidations: [
                {
                  Rule: 'self.key != self.key2',
                  Message: 'key must not be equal to key2',
                },
              ],
            },
          },
        ],
      },
    },
  },
  {
    // anyOf is not suppored due to the fact that to properly implement it
    // the SchemaValidator would need to call out to CEL. This test
    // shows that a rule that would otherwise be an error has those
    // fields ignored (CRD validation shoulds will throw error in this case)
    name: 'anyOf rule ignored',
    obj: {
      key: 'value',
      key2: 'value',
    },
    schema: {
      Generic: {
        Type: 'object',
      },
      Properties: {
        key: stringType,
        key2: stringType,
      },
      ValidationExtensions: {
        XValidations: [
          {
            Rule: 'true',
          },
        ],
      },
      ValueValidation: {
        AnyOf: [
          {
            ValidationExtensions: {
              XValidations: [
                {
                  Rule: "self.key == 'value' && self.key2 == 'value2'",
                  Message: "key must be 'value' and key2 must be 'value2'",
                },
              ],
            },
          },
          {
            ValidationExtensions: {
              XValidations: [
                {
                  Rule: 'self.key != self.key2',
                  Message: 'key must not be equal to key2',
                },
              ],
            },
          },
        ],
      },
    },
  },
  {
    // OneOf is not suppored due to the fact that to properly implement it
    // the SchemaValidator would need to call out to CEL. This test
    // shows that a rule that would otherwise be an error has those
    // fields ignored (CRD validation shoulds will throw error in this case)
    name: 'oneOf rule ignored',
    obj: {
      key: 'value',
      key2: 'value',
    },
    schema: {
      Generic: {
        Type: 'object',
      },
      Properties: {
        key: stringType,
        key2: stringType,
      },
      ValidationExtensions: {
        XValidations: [
          {
            Rule: 'true',
          },
        ],
      },
      ValueValidation: {
        OneOf: [
          {
            ValidationExtensions: {
              XValidations: [
                {
                  Rule: "self.key == 'value' && self.key2 == 'value2'",
                  Message: "key must be 'value' and key2 must be 'value2'",
                },
              ],
            },
          },
          {
            ValidationExtensions: {
              XValidations: [
                {
                  Rule: 'self.key != self.key2',
                  Message: 'key must not be equal to key2',
                },
              ],
            },
          },
        ],
      },
    },
  },
  {
    // Not is not suppored due to the fact that to properly implement it
    // the SchemaValidator would need to call out to CEL. This test
    // shows that a rule that would otherwise be an error has those
    // fields ignored (CRD validation shoulds will throw error in this case)
    name: 'not rule ignored',
    obj: {
      key: 'value',
      key2: 'value',
    },
    schema: {
      Generic: {
        Type: 'object',
      },
      Properties: {
        key: stringType,
        key2: stringType,
      },
      ValidationExtensions: {
        XValidations: [
          {
            Rule: 'true',
          },
        ],
      },
      ValueValidation: {
        Not: {
          ValidationExtensions: {
            XValidations: [
              {
                Rule: "self.key == 'value' && self.key2 == 'value2'",
                Message: "key must be 'value' and key2 must be 'value2'",
              },
            ],
          },
        },
      },
    },
  },
  {
    name: 'allOf.items',
    obj: {
      myList: ['value', 'value2'],
    },
    errors: ['must be value2 or not value', 'len must be 5'],
    schema: {
      Generic: {
        Type: 'object',
      },
      Properties: {
        myList: {
          Generic: {
            Type: 'array',
          },
          Items: stringType,
          ValueValidation: {
            AllOf: [
              {
                Items: {
                  ValidationExtensions: {
                    XValidations: [
                      {
                        Rule: 'self.size() == 5',
                        Message: 'len must be 5',
                      },
                    ],
                  },
                },
              },
              {
                Items: {
                  ValidationExtensions: {
                    XValidations: [
                      {
                        Rule: 'self == "value2" || self != "value"',
                        Message: 'must be value2 or not value',
                      },
                    ],
                  },
                },
              },
            ],
          },
        },
      },
    },
  },
  {
    name: 'allOf.additionalProperties',
    obj: {
      myProperty: {
        key: 'value',
        key2: 'value2',
      },
    },
    errors: [
      'root.myProperty[key]: Invalid value: "value": must be value2 or not value',
      'root.myProperty[key2]: Invalid value: "value2": len must be 5',
    ],
    schema: {
      Generic: {
        Type: 'object',
      },
      // need to put all tests in Properties due to WithTypeAndObjectMeta
      // enforcing structs for all top level schemas
      Properties: {
        myProperty: {
          Generic: {
            Type: 'object',
          },
          AdditionalProperties: { Structural: stringType },
          ValueValidation: {
            AllOf: [
              {
                AdditionalProperties: {
                  ValidationExtensions: {
                    XValidations: [
                      {
                        Rule: 'self == "value2" || self != "value"',
                        Message: 'must be value2 or not value',
                      },
                      {
                        Rule: 'self.size() == 5',
                        Message: 'len must be 5',
                      },
                    ],
                  },
                },
              },
            ],
          },
        },
      },
    },
  },
  {
    name: 'allOf.properties',
    obj: {
      key: 'value',
      key2: 'value2',
    },
    errors: [
      'root.key: Invalid value: "value": must be value2 or not value',
      'root.key2: Invalid value: "value2": len must be 5',
    ],
    schema: {
      Generic: {
        Type: 'object',
      },
      Properties: {
        key: stringType,
        key2: stringType,
      },
      ValueValidation: {
        AllOf: [
          {
            Properties: {
              key: {
                ValidationExtensions: {
                  XValidations: [
                    {
                      Rule: 'self == "value2" || self != "value"',
                      Message: 'must be value2 or not value',
                    },
                  ],
                },
              },
              key2: {
                ValidationExtensions: {
                  XValidations: [
                    {
                      Rule: 'self.size() == 5',
                      Message: 'len must be 5',
                    },
                  ],
                },
              },
            },
          },
        ],
      },
    },
  },
  {
    name: 'allOf.items.allOf',
    obj: { myList: ['value', 'value2'] },
    errors: ['must be value2 or not value', 'len must be 5'],
    schema: {
      Generic: {
        Type: 'object',
      },
      Properties: {
        myList: {
          Generic: {
            Type: 'array',
          },
          Items: stringType,
          ValueValidation: {
            AllOf: [
              {
                Items: {
                  ValueValidation: {
                    AllOf: [
                      {
                        ValidationExtensions: {
                          XValidations: [
                            {
                              Rule: 'self.size() == 5',
                              Message: 'len must be 5',
                            },
                          ],
                        },
                      },
                    ],
                  },
                },
              },
              {
                Items: {
                  ValueValidation: {
                    AllOf: [
                      {
                        ValidationExtensions: {
                          XValidations: [
                            {
                              Rule: 'self == "value2" || self != "value"',
                              Message: 'must be value2 or not value',
                            },
                          ],
                        },
                      },
                    ],
                  },
                },
              },
            ],
          },
        },
      },
    },
  },
  {
    name: 'properties.allOf.additionalProperties.allOf.properties',
    obj: {
      myProperty: {
        randomKey: {
          key: 'value',
          key2: 'value2',
        },
      },
    },
    errors: ['must be value2 or not value', 'len must be 5'],
    schema: {
      Generic: {
        Type: 'object',
      },
      Properties: {
        myProperty: {
          Generic: {
            Type: 'object',
          },
          AdditionalProperties: {
            Structural: objectTypePtr({
              key: stringType,
              key2: stringType,
            }),
          },
        },
      },
      ValueValidation: {
        AllOf: [
          {
            Properties: {
              myProperty: {
                AdditionalProperties: {
                  ValueValidation: {
                    AllOf: [
                      {
                        Properties: {
                          key: {
                            ValidationExtensions: {
                              XValidations: [
                                {
                                  Rule: 'self == "value2" || self != "value"',
                                  Message: 'must be value2 or not value',
                                },
                              ],
                            },
                          },
                          key2: {
                            ValidationExtensions: {
                              XValidations: [
                                {
                                  Rule: 'self.size() == 5',
                                  Message: 'len must be 5',
                                },
                              ],
                            },
                          },
                        },
                      },
                    ],
                  },
                },
              },
            },
          },
        ],
      },
    },
  },
];

// `\'` in a double-quoted scalar is read by go-yaml (kubectl, the API server) as a single quote, though
// YAML 1.2 has no such escape: the Kubernetes documentation writes it, and it must be no error here, with
// the value go-yaml reads (test/kustomize/yamlEscapesDifferential.test.ts compares with kubectl itself).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateText } from '../helpers/validate';

const configMap = (quoted: string, name = 'cfg') =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  k: ${quoted}\n`;

test("`\\'` in a double-quoted string: no syntax error, and the value holds a single quote", () => {
  const text = configMap(`"echo \\"DB_ADDRESS=\\'address\\'\\" > /data/config.env"`);
  assert.deepEqual(
    validateText(text).map((d) => `${d.code} ${d.message}`),
    [],
  );
  // The value as go-yaml reads it shows in the message about the name it is written in.
  const named = validateText(configMap('x', `"a\\'b"`)).filter((d) => d.code === 'pattern');
  assert.equal(named.length, 1);
  assert.match(named[0].message, /"a'b"/);
});

test('an escape go-yaml refuses too stays a syntax error', () => {
  const codes = validateText(configMap('"x\\qy"')).map((d) => d.code);
  assert.deepEqual(codes, ['yaml-syntax']);
});

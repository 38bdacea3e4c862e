// Messages that quote what the user wrote are bounded (issue 50): a value of 50,000 characters against a
// CRD's string format, and a CRD rule past 200 characters that is not evaluated. Whole, such messages ran to
// megabytes (bench/hostile.ts crd-string-formats, crd-rules-new-libraries), and VS Code for the web's tab froze
// drawing them in the Problems panel. The message keeps what is wrong (its start) and what to write (its end).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { boundedMessage, MAX_MESSAGE } from '../../server/src/service/core/diag';
import { MAX_QUOTED_RULE } from '../../server/src/service/checks/crd/rules/ruleNotes';
import { manifestProblems, oneRuleCrd } from '../helpers/crdRules';
import { crdText } from '../helpers/manifests';

test('a 50,000-character value against a format: the value quoted cut in its middle, the message whole around it', () => {
  const a = new Analysis();
  a.indexFile(
    'file:///w/crd.yaml',
    crdText({
      group: 'example.org',
      kind: 'Mail',
      plural: 'mails',
      spec: '              properties:\n                email: {type: string, format: email}\n',
    }),
  );
  a.applyCrds();
  const text = `apiVersion: example.org/v1\nkind: Mail\nmetadata: {name: m}\nspec:\n  email: "${'a'.repeat(50_000)}"\n`;
  const problems = a.fileDiagnostics('file:///w/m.yaml', a.parse(text)).filter((d) => d.code === 'format');
  assert.equal(problems.length, 1);
  const { message } = problems[0];
  assert.ok(message.length < 250, `${message.length} characters`);
  assert.match(
    message,
    /^`spec\.email` value "a{80}…a{30}" must be an email address such as .user@example\.com. or .Name <user@example\.com>.\.$/,
  );
});

test('a long message that quotes nothing long keeps its start and its end', () => {
  const long = `The manifest is wrong: ${'many words '.repeat(300)}write the field.`;
  const message = boundedMessage(long);
  assert.equal(message.length, MAX_MESSAGE);
  assert.ok(message.startsWith('The manifest is wrong: many words'));
  assert.ok(message.endsWith('many words write the field.'));
  assert.match(message, / … /);
  // A message of ordinary length is left alone, its apostrophes no quotes.
  const ordinary = `The CRD's rule ${'x'.repeat(500)} the operator's webhook refuses.`;
  assert.equal(boundedMessage(ordinary), ordinary);
});

test('a long CRD rule that is not evaluated is quoted cut, not whole', () => {
  // Optional entries (`[?x]`) nested 100 deep: the API server takes the rule, the product's CEL engine
  // cannot parse it, so the manifest is told it is not evaluated, quoting the rule (1,700 characters).
  let nested = "'x'";
  for (let i = 0; i < 100; i++) nested = `[?optional.of(${nested})]`;
  const rule = `size(${nested}) == 1`;
  const problems = manifestProblems(
    oneRuleCrd({ kind: 'Deep', plural: 'deeps', rule, properties: '                n: {type: integer}\n' }),
    'Deep',
    '  n: 1\n',
  );
  const notRun = problems.filter((p) => p.code === 'crd-rule-not-run');
  assert.equal(notRun.length, 1, JSON.stringify(problems));
  const quoted = /^The CRD's rule `([^`]*)` is not evaluated: it uses optional entries/.exec(notRun[0].message);
  assert.ok(quoted, notRun[0].message);
  assert.equal(quoted[1].length, MAX_QUOTED_RULE);
  assert.ok(quoted[1].endsWith('…'));
  assert.ok(rule.startsWith(quoted[1].slice(0, -1)));
});

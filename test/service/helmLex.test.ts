// Helm template actions found as Go's text/template lexer finds them (helm/lex.ts): the cases of Go's own
// text/template/parse/lex_test.go that concern delimiters, comments, trim markers and quoting (where an
// action starts and ends, and the errors that stop the lexer), with the action texts Go's items span.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lexTemplate } from '../../server/src/service/workspace/helm/lex';

const raw = '`abc\\n\\t\\" `';
const rawNL = '`now is{{\n}}the time`';

/** Go's case name, its input, and the actions (their text; `#` marks a comment) or the error Go reports. */
const CASES: [string, string, string[] | { error: string }][] = [
  ['empty', '', []],
  ['spaces', ' \t\n', []],
  ['text', 'now is the time', []],
  ['text with comment', 'hello-{{/* this is a comment */}}-world', ['#{{/* this is a comment */}}']],
  ['punctuation', '{{,@% }}', ['{{,@% }}']],
  ['parens', '{{((3))}}', ['{{((3))}}']],
  ['empty action', '{{}}', ['{{}}']],
  ['for', '{{for}}', ['{{for}}']],
  ['block', '{{block "foo" .}}', ['{{block "foo" .}}']],
  ['quote', '{{"abc \\n\\t\\" "}}', ['{{"abc \\n\\t\\" "}}']],
  ['raw quote', `{{${raw}}}`, [`{{${raw}}}`]],
  ['raw quote with newline', `{{${rawNL}}}`, [`{{${rawNL}}}`]],
  [
    'characters',
    "{{'a' '\\n' '\\'' '\\\\' '\\u00FF' '\\xFF' '本'}}",
    ["{{'a' '\\n' '\\'' '\\\\' '\\u00FF' '\\xFF' '本'}}"],
  ],
  ['pipeline', 'intro {{echo hi 1.2 |noargs|args 1 "hi"}} outro', ['{{echo hi 1.2 |noargs|args 1 "hi"}}']],
  ['field of parenthesized expression', '{{(.X).Y}}', ['{{(.X).Y}}']],
  ['trimming spaces before and after', 'hello- {{- 3 -}} -world', ['{{- 3 -}}']],
  ['trimming spaces before and after comment', 'hello- {{- /* hello */ -}} -world', ['#{{- /* hello */ -}}']],
  ['unclosed action', '{{', { error: 'unclosed action' }],
  ['EOF in action', '{{range', { error: 'unclosed action' }],
  ['unclosed quote', '{{"\n"}}', { error: 'unterminated quoted string' }],
  ['unclosed raw quote', '{{`xx}}', { error: 'unterminated raw quoted string' }],
  ['unclosed char constant', "{{'\n}}", { error: 'unterminated character constant' }],
  ['unclosed paren', '{{(3}}', { error: 'unclosed left paren' }],
  ['extra right paren', '{{3)}}', { error: 'unexpected right paren' }],
  ['long pipeline deadlock', '{{|||||}}', ['{{|||||}}']],
  ['text with bad comment', 'hello-{{/*/}}-world', { error: 'unclosed comment' }],
  [
    'text with comment close separated from delim',
    'hello-{{/* */ }}-world',
    { error: 'comment ends before closing delimiter' },
  ],
  ['unmatched right delimiter', 'hello-{.}}-world', []],
  // lexPosTests
  ['sample', '0123{{hello}}xyz', ['{{hello}}']],
  ['trimafter', '{{x -}}\n{{y}}', ['{{x -}}', '{{y}}']],
  ['trimbefore', '{{x}}\n{{- y}}', ['{{x}}', '{{- y}}']],
  ['longcomment', '{{/*\n*/}}\n{{undefinedFunction "test"}}', ['#{{/*\n*/}}', '{{undefinedFunction "test"}}']],
  // The package documentation: the space of a trim marker must be there ("{{-3}}" is the number -3).
  ['no trim marker without its space', '{{-3}}', ['{{-3}}']],
];

describe("Go's template lexer cases (lex_test.go)", () => {
  for (const [name, input, want] of CASES)
    test(name, () => {
      const { actions, error } = lexTemplate(input);
      if (Array.isArray(want)) {
        assert.equal(error, undefined);
        assert.deepEqual(
          actions.map((a) => (a.comment ? '#' : '') + input.slice(a.start, a.end)),
          want,
        );
      } else assert.equal(error?.message, want.error);
    });
});

describe('actions in a chart template', () => {
  test('a comment ends at its first `*/`: the actions written inside it are part of it', () => {
    const text = '{{/*\nname: {{ .Values.x }}\n{{- if .a }}\n*/}}\nkind: A\n{{/* a */ -}}\n';
    const { actions, error } = lexTemplate(text);
    assert.equal(error, undefined);
    assert.deepEqual(
      actions.map((a) => [a.comment, text.slice(a.start, a.end)]),
      [
        [true, '{{/*\nname: {{ .Values.x }}\n{{- if .a }}\n*/}}'],
        [true, '{{/* a */ -}}'],
      ],
    );
  });

  test('`}}` inside a quoted string, a raw string or a character constant does not end the action', () => {
    const text = 'a: {{ printf "%s}}" .x }}\nb: {{ `}}` }}\nc: {{ \'}\' }}\n';
    const found = lexTemplate(text).actions.map((a) => text.slice(a.start, a.end));
    assert.deepEqual(found, ['{{ printf "%s}}" .x }}', '{{ `}}` }}', "{{ '}' }}"]);
  });

  test('the words of an action leave its trim markers out', () => {
    const text = '{{- if .x -}}';
    const [a] = lexTemplate(text).actions;
    assert.equal(text.slice(...a.inner), 'if .x');
  });
});

// JUnit XML, in the shape CI test reporters read (the Ant/Jenkins schema: GitLab, Jenkins, GitHub test
// reporters): one testsuite, one testcase per file checked, and at most one <failure> per testcase, whose
// text lists every error of the file, one a line; `tests` counts the testcases and `failures` the testcases
// that failed (not the errors). Warnings, info and hints do not fail a testcase: they are listed in its
// <system-out>. The lines of those texts start with a position, never with a file name, and every file name
// and message is written on one line (printable.ts), so no line of the report can be read as a CI command.
import { printable } from '../printable';
import { summaryLine, tooManyWarnings, type Problem, type Report } from '../buildReport';
import type { Formatter } from './formatter';

/**
 * What XML escapes or cannot hold: markup characters, characters outside XML 1.0, lone surrogates, and
 * the characters kept as character references (line breaks, tab, C1 controls, bidirectional controls).
 * Code units on purpose, without the `u` flag (lone surrogates are what it looks for).
 */
/* eslint-disable no-misleading-character-class */
const ESCAPED =
  /[&<>"'\t\n\r\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\uD800-\uDBFF\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/* eslint-enable no-misleading-character-class */

const NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Kept as references: the value read back is the same, and the file shows no raw break or invisible control. */
const REFERENCED = /^[\t\n\r\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]$/;

/**
 * Escapes text for an XML 1.0 attribute value or content: markup as entities, line breaks, tab, C1 and
 * bidirectional controls as character references (`&#13;`: an attribute keeps them, a viewer shows none),
 * characters XML cannot hold at all as the text `\uXXXX`.
 */
export function xmlEscape(s: string, where: 'attribute' | 'content' = 'attribute'): string {
  return s.replace(ESCAPED, (c) => {
    if (NAMED[c]) return NAMED[c];
    // Content keeps its line feeds: one problem a line, each line written by printable() (no break inside).
    if (c === '\n' && where === 'content') return c;
    if (REFERENCED.test(c)) return `&#${c.charCodeAt(0)};`;
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** One problem on one line, without the file (the testcase names it). */
const line = (p: Problem): string => printable(`${p.line}:${p.column} ${p.severity} ${p.code} ${p.message}`);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function formatJunit(report: Report, options: { elapsedMs: number }): string {
  const time = (options.elapsedMs / 1000).toFixed(3);
  // More warnings than --max-warnings fail the run: a testcase of its own fails with it (no file's testcase
  // does when the warnings are not errors, or --quiet left them out), so the report agrees with the exit code.
  const over = tooManyWarnings(report);
  const tests = report.files.length + (over ? 1 : 0);
  const failures = report.files.filter((f) => f.problems.some((p) => p.severity === 'error')).length + (over ? 1 : 0);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<testsuites name="cloud-manifests" tests="${tests}" failures="${failures}" errors="0" time="${time}">`);
  out.push(
    `  <testsuite name="cloud-manifests" tests="${tests}" failures="${failures}" errors="0" skipped="0" time="${time}">`,
  );
  for (const f of report.files) {
    const name = xmlEscape(f.file);
    const errors = f.problems.filter((p) => p.severity === 'error');
    const others = f.problems.filter((p) => p.severity !== 'error');
    if (f.problems.length === 0) {
      out.push(`    <testcase classname="cloud-manifests" name="${name}"/>`);
      continue;
    }
    out.push(`    <testcase classname="cloud-manifests" name="${name}">`);
    if (errors.length > 0) {
      const first = errors[0];
      const message = `${plural(errors.length, 'error')}; the first: ${first.line}:${first.column} ${first.message}`;
      const codes = [...new Set(errors.map((p) => p.code))].join(' ');
      out.push(
        `      <failure type="${xmlEscape(codes)}" message="${xmlEscape(printable(message))}">${xmlEscape(errors.map(line).join('\n'), 'content')}</failure>`,
      );
    }
    if (others.length > 0)
      out.push(`      <system-out>${xmlEscape(others.map(line).join('\n'), 'content')}</system-out>`);
    out.push('    </testcase>');
  }
  if (over)
    out.push(
      `    <testcase classname="cloud-manifests" name="--max-warnings ${report.maxWarnings}">`,
      `      <failure type="max-warnings" message="${xmlEscape(summaryLine(report))}"/>`,
      '    </testcase>',
    );
  // With --baseline, how many problems it hid: no testcase holds them.
  if (report.baselined !== undefined)
    out.push(`    <system-out>${xmlEscape(summaryLine(report), 'content')}</system-out>`);
  out.push('  </testsuite>');
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

export const junit: Formatter = {
  name: 'junit',
  write: (report, c) => formatJunit(report, { elapsedMs: c.elapsedMs() }),
};

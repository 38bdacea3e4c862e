// JUnit XML: one testsuite, one testcase per file checked, one <failure> per error-level problem.
// Warnings, info and hints do not fail a testcase: they are listed in the testcase's <system-out>.
import type { Problem, Report } from '../buildReport';

/**
 * What XML escapes or cannot hold: markup characters, characters outside XML 1.0, lone surrogates. Code
 * units on purpose, without the `u` flag (lone surrogates are what it looks for).
 */
/* eslint-disable no-misleading-character-class */
const NOT_XML =
  /[&<>"']|[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\uD800-\uDBFF\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/* eslint-enable no-misleading-character-class */

/** Escapes text for XML 1.0 content and attribute values; characters XML cannot hold become \uXXXX. */
export function xmlEscape(s: string): string {
  return s.replace(NOT_XML, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
}

const line = (file: string, p: Problem): string => `${file}:${p.line}:${p.column} ${p.severity} ${p.code} ${p.message}`;

export function formatJunit(report: Report, options: { elapsedMs: number }): string {
  const failures = report.counts.error;
  const time = (options.elapsedMs / 1000).toFixed(3);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(
    `<testsuites name="cloud-manifests" tests="${report.filesChecked}" failures="${failures}" errors="0" time="${time}">`,
  );
  out.push(
    `  <testsuite name="cloud-manifests" tests="${report.filesChecked}" failures="${failures}" errors="0" skipped="0" time="${time}">`,
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
    for (const p of errors) {
      out.push(
        `      <failure type="${xmlEscape(p.code)}" message="${xmlEscape(`${p.line}:${p.column} ${p.message}`)}">${xmlEscape(line(f.file, p))}</failure>`,
      );
    }
    if (others.length > 0)
      out.push(`      <system-out>${xmlEscape(others.map((p) => line(f.file, p)).join('\n'))}</system-out>`);
    out.push('    </testcase>');
  }
  out.push('  </testsuite>');
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

// `file:line:col severity code message`, one problem a line, then a summary line.
import { paint } from '../color';
import { printable } from '../printable';
import { summaryLine, tooManyWarnings, type Report } from '../buildReport';
import type { Formatter } from './formatter';

export function formatText(report: Report, options: { color: boolean }): string {
  const p = paint(options.color);
  const sev = { error: p.red, warning: p.yellow, info: p.blue, hint: p.gray } as const;
  const out: string[] = [];
  for (const f of report.files) {
    for (const pr of f.problems) {
      const message = printable(pr.message.replace(/\r?\n/g, ' '));
      out.push(
        `${p.bold(`${printable(f.file)}:${pr.line}:${pr.column}`)} ${sev[pr.severity](pr.severity)} ${p.gray(pr.code)} ${message}`,
      );
    }
  }
  const summary = summaryLine(report);
  const { error, warning } = report.counts;
  // Red when the run fails, green only when nothing at all was found (shown or left out by --quiet).
  const failed = error > 0 || tooManyWarnings(report);
  const found = warning + (report.notShown?.warning ?? 0) > 0;
  out.push(failed ? p.bold(p.red(summary)) : found ? p.bold(p.yellow(summary)) : p.green(summary));
  return out.join('\n') + '\n';
}

export const text: Formatter = { name: 'text', write: (report, c) => formatText(report, { color: c.color() }) };

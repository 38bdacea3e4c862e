// The tools that check files (validate, check_changes, fix) run `check` itself (cli/checkRun.ts): the same
// settings file, inputs, CRDs, committed versions, analysis and report as `cloud-manifests check` in the
// root's folder, so an agent is told exactly what the CLI and the editor say. Paths are confined to the
// roots (roots.ts); inline content goes in as the CLI's standard input, under its size cap.
import { Readable } from 'node:stream';
import type { CheckOptions } from '../cli/args';
import { checkRun, type AnalysedResult } from '../cli/checkRun';
import { reportOrder } from '../cli/buildReport';
import { formatJson, type JsonOutput } from '../cli/formats/json';
import { VERSION } from '../cli/version';
import { GIT_REF_GRAMMAR, isGitRef } from '../service/core/settings';
import { kubernetesMinor } from '../service/core/kubernetesVersion';
import { actionsAt } from '../service/host/codeActions';
import type { LineIndex } from '../service/core/lineIndex';
import type { Edit } from '../service/core/edits';
import { confine, OutsideRootsError, type Root } from './roots';
import type { McpContext } from './context';
import type { McpEdit, McpProblem } from './schemas';

export interface CheckInput {
  paths?: string[];
  content?: string;
  fileName?: string;
  kubernetesVersion?: string;
  baseRef?: string;
}

export interface CheckedRun {
  result: AnalysedResult;
  /** The root the run was made in (its folder is the run's current folder). */
  root: Root;
  roots: Root[];
}

/** At most this many paths in one call (a folder stands for all its files). */
export const MAX_PATHS = 1000;

/** The CLI's options for a call, after the call's own checks (a tool error names what is wrong). */
function optionsOf(input: CheckInput, paths: string[], extra: Partial<CheckOptions>): CheckOptions {
  const o: CheckOptions = { paths, format: 'json', rules: {}, quiet: false, crds: [], ...extra };
  if (input.baseRef !== undefined) {
    const ref = input.baseRef.trim();
    if (ref !== '' && !isGitRef(ref)) throw new Error(`baseRef expects ${GIT_REF_GRAMMAR}, got "${input.baseRef}"`);
    o.base = ref;
  }
  if (input.kubernetesVersion !== undefined) {
    const minor = kubernetesMinor(input.kubernetesVersion);
    if (minor === undefined)
      throw new Error(`kubernetesVersion expects a Kubernetes release such as 1.31, got "${input.kubernetesVersion}"`);
    o.kubernetesVersion = `1.${minor}`;
  }
  return o;
}

/** Runs `check` on the call's paths or content (see the top of the file); `signal` cancels it between files. */
export async function checkInput(
  ctx: McpContext,
  input: CheckInput,
  signal: AbortSignal,
  extra: Partial<CheckOptions> = {},
): Promise<CheckedRun> {
  const roots = await ctx.roots();
  const hasPaths = input.paths !== undefined && input.paths.length > 0;
  if (hasPaths === (input.content !== undefined))
    throw new Error('give either paths (files or folders inside the workspace) or content (a manifest text)');
  if (input.content !== undefined && extra.fix === 'write')
    throw new Error('content given inline is not written: give paths to write fixes');
  if ((input.paths?.length ?? 0) > MAX_PATHS) throw new Error(`at most ${MAX_PATHS} paths in one call`);
  if (roots.length === 0) throw new OutsideRootsError('the client gave no workspace root: nothing may be read');
  const confined = hasPaths ? input.paths!.map((p) => confine(roots, p)) : [];
  const root = confined[0]?.root ?? roots[0];
  const paths = hasPaths ? confined.map((c) => c.path) : ['-'];
  const options = optionsOf(input, paths, {
    ...extra,
    ...(input.content !== undefined ? { stdinFilename: input.fileName ?? '<stdin>' } : {}),
  });
  const content = input.content ?? '';
  const outcome = await checkRun(
    {
      cwd: root.path,
      env: ctx.env,
      stdin: () => Readable.from([Buffer.from(content, 'utf8')]),
      // A settings notice is part of no answer: the CLI says it on standard error, which is the server's log.
      say: (m) => process.stderr.write(`cloud-manifests mcp: ${m}\n`),
      signal,
    },
    options,
  );
  if ('failed' in outcome) throw new Error(outcome.failed.join('; '));
  // The MCP server names no cache: its runs are always analysed (their actions and fixes read the analysis).
  if (!outcome.run) throw new Error('the check answered without its analysis');
  return { result: outcome as AnalysedResult, root, roots };
}

/** An edit in 1-based lines and columns. */
export function editOf(lines: LineIndex, e: Edit): McpEdit {
  const s = lines.positionAt(e.start);
  const t = lines.positionAt(e.end);
  return {
    line: s.line + 1,
    column: s.character + 1,
    endLine: t.line + 1,
    endColumn: t.character + 1,
    newText: e.newText,
  };
}

/** At most this many problems get their certain fix looked for in one answer (each is checked by re-validating). */
const MAX_FIXES = 500;

/**
 * The run's report as `check --format json` prints it (cli/formats/json.ts), each problem with its certain
 * fix: the one safe quick fix of its diagnostic (the one fix-all and `check --fix` make), when there is one.
 */
export function jsonReport(run: AnalysedResult): { json: JsonOutput; problems: McpProblem[] } {
  const json = JSON.parse(formatJson(run.report, { version: VERSION })) as JsonOutput;
  const problems: McpProblem[] = [];
  let looked = 0;
  let k = 0;
  run.results.forEach(({ diags, file }, i) => {
    const parsed = run.run.parsed[i];
    const uri = run.run.uris[i];
    for (const d of [...diags].sort(reportOrder)) {
      const p: McpProblem = { ...json.problems[k++] };
      if (d.data && looked < MAX_FIXES && parsed) {
        looked++;
        const actions = actionsAt(run.run.host, uri, parsed, d.start).quickFixes(diags, [d.start, d.end]);
        const safe = actions.filter((a) => a.safe && (a.diag === d || a.also?.includes(d)));
        if (safe.length === 1)
          p.fix = { title: safe[0].title, edits: safe[0].edits.map((e) => editOf(file.parsed.lines, e)) };
      }
      problems.push(p);
    }
  });
  return { json, problems };
}

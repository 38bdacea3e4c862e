// Whether to colour the text output: `--color` / `--no-color` first, then FORCE_COLOR (any value but
// 0 / false turns colour on), then NO_COLOR (any non-empty value turns it off), then whether stdout is
// a terminal.

export function useColor(flag: boolean | undefined, env: NodeJS.ProcessEnv, isTTY: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !(force === '0' || force.toLowerCase() === 'false');
  if (env.NO_COLOR) return false;
  if (env.TERM === 'dumb') return false;
  return !!isTTY;
}

export interface Paint {
  red(s: string): string;
  yellow(s: string): string;
  blue(s: string): string;
  gray(s: string): string;
  bold(s: string): string;
  green(s: string): string;
}

const sgr = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;

export const paint = (on: boolean): Paint =>
  on
    ? {
        red: sgr(31, 39),
        yellow: sgr(33, 39),
        blue: sgr(34, 39),
        gray: sgr(90, 39),
        bold: sgr(1, 22),
        green: sgr(32, 39),
      }
    : { red: (s) => s, yellow: (s) => s, blue: (s) => s, gray: (s) => s, bold: (s) => s, green: (s) => s };

// The output formats of `check`, one line each: `--format`'s values, its help and its output come from here.
import type { Formatter } from './formatter';
import { json } from './json';
import { junit } from './junit';
import { sarif } from './sarif';
import { text } from './textFormat';

/** In the order the help lists them; the first is the default. */
export const FORMATTERS: readonly Formatter[] = [text, json, sarif, junit];

export const formatNames = (): string[] => FORMATTERS.map((f) => f.name);

export const formatterOf = (name: string): Formatter | undefined => FORMATTERS.find((f) => f.name === name);

/** `text, json, sarif or junit`. */
export const formatList = (names: readonly string[] = formatNames()): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;

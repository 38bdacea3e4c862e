// JSON as the JSON and SARIF reports write it: indented, and with every character a viewer would act on or
// hide written as a `\uXXXX` escape (C1 controls, line and paragraph separators, bidirectional marks and
// overrides), which JSON.stringify leaves raw. A file name or value holding U+202E then cannot reorder what
// a reader of the log or the file sees; a JSON reader gets the same strings back.

const INVISIBLE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function jsonText(value: unknown): string {
  // Outside strings JSON.stringify writes only ASCII: every match is inside a string, where `\uXXXX` means it.
  return (
    JSON.stringify(value, null, 2).replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) +
    '\n'
  );
}

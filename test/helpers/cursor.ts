// Fixtures with a cursor: `|` (or another marker, for texts that hold a `|`) marks where the cursor is.

export interface Cursor {
  /** The fixture without its marker. */
  text: string;
  /** The cursor's offset in `text`, and its 0-based line and character. */
  offset: number;
  line: number;
  character: number;
}

/** Removes the one cursor marker from a fixture and tells where it was. */
export function cursor(src: string, marker = '|'): Cursor {
  const offset = src.indexOf(marker);
  if (offset < 0) throw new Error(`fixture has no cursor marker \`${marker}\`: ${src}`);
  if (src.indexOf(marker, offset + 1) >= 0)
    throw new Error(`fixture has more than one cursor marker \`${marker}\` (use another marker): ${src}`);
  const text = src.slice(0, offset) + src.slice(offset + marker.length);
  const before = src.slice(0, offset).split('\n');
  return { text, offset, line: before.length - 1, character: before[before.length - 1].length };
}

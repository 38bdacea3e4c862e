// `--shard i/n`: a deterministic split of the files reported, for a CI matrix. Every file is still read and
// indexed (what one file says about another is known in every shard); only the files reported are split, by
// a hash of the file's path as reports name it (relative to the current folder), so every shard of every
// run, on any machine, puts a file in the same shard, and each file is in exactly one shard.
import { createHash } from 'node:crypto';
import { CliError } from './errors';

/** Shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Enough for any CI matrix (GitHub's allows 256 jobs); a larger count is surely a mistake. */
const MAX_SHARDS = 1000;

export function parseShard(value: string): Shard {
  const m = /^\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*$/.exec(value);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > MAX_SHARDS || index < 1 || index > count)
    throw new CliError(
      `--shard expects I/N with 1 ≤ I ≤ N ≤ ${MAX_SHARDS} (e.g. 2/4 for the second of four shards), got "${value}"`,
      true,
    );
  return { index, count };
}

/** The shard (1-based) of a file named `file` (forward slashes) among `count`. */
export function shardOf(file: string, count: number): number {
  const digest = createHash('sha256').update(file.replace(/\\/g, '/'), 'utf8').digest();
  return (digest.readUInt32BE(0) % count) + 1;
}

/** Whether the file named `file` is reported in `shard` (every file is, without one). */
export const inShard = (file: string, shard: Shard | undefined): boolean =>
  !shard || shardOf(file, shard.count) === shard.index;

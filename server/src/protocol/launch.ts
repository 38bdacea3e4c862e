// How the language server's Node process is started: read by the extension (client/src/extension.ts) and
// by the benchmark, which starts the server as the extension does.

/**
 * A young generation of 4 MB per semi-space instead of V8's 16: the server's garbage is short-lived
 * (syntax trees of the chunks being analysed), and a smaller nursery keeps resident memory near what is
 * live, at no measurable cost in speed (`npm run bench`). V8 reads this only at start-up, so it is a
 * launch option; the heap growing factor, which V8 reads at any time, is set by the server itself.
 */
export const SERVER_NODE_ARGS: readonly string[] = ['--max-semi-space-size=4'];

/**
 * glibc's allocator (Linux) keeps what V8's parser, compiler and GC threads free in per-thread arenas and
 * returns it to the system only above 128 KB of free space at the top of a heap, by default adjusting that
 * threshold upwards as the process frees large blocks. Measured on a 100-resource editing session (bench/
 * harness, VmRSS): 84 MB by default, 73 MB with at most two arenas and a fixed trim threshold, the live V8 heap
 * the same (~23 MB) and open → diagnostics unchanged. Other allocators ignore these variables; glibc reads
 * them only at start-up, so they are set in the environment the server is started with.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

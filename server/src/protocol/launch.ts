// How the language server's Node process is started: read by the extension (client/src/extension.ts) and
// by the benchmark, which starts the server as the extension does.

/**
 * A young generation of 4 MB per semi-space instead of V8's 16: the server's garbage is short-lived
 * (syntax trees of the chunks being analysed), and a smaller nursery keeps resident memory near what is
 * live, at no measurable cost in speed (`npm run bench`). V8 reads this only at start-up, so it is a
 * launch option; the heap growing factor, which V8 reads at any time, is set by the server itself.
 */
export const SERVER_NODE_ARGS: readonly string[] = ['--max-semi-space-size=4'];

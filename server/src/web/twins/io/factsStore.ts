// In the browser build, in place of io/factsStore.ts (the export the server uses): no cache folder, so the
// workspace scan computes every file's facts (lsp/scanCache.ts opens nothing).
export const openFolderFacts = (_folder: string, _version: string): undefined => undefined;

// In the browser build, in place of lsp/gitBases.ts: no git here, so no comparison with a committed
// version (the web client says so once, in its status item: client/src/web/extension.ts).
export const refreshBases = (_s: unknown): Promise<void> => Promise.resolve();
export const baseOnOpenOrSave = (_s: unknown, _uri: string): void => undefined;

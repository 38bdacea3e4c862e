// Small helpers shared by the client's features.

/** JSON-RPC "method not found": the server in use does not implement a custom request. */
export const isMethodNotFound = (e: unknown): boolean => (e as { code?: number } | undefined)?.code === -32601;

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));

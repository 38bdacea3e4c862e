// In the browser build, in place of lsp/heap.ts: the page's engine decides how its heap grows.
export const steadyHeap = (): void => undefined;
export const growingHeap = (): void => undefined;

// The server's lifecycle as LSP prescribes it, and the guard every request handler goes through: before
// `initialize`, requests are answered -32002 ServerNotInitialized; after `shutdown`, -32600 InvalidRequest;
// wrong parameters -32602 InvalidParams (params.ts); a request cancelled (`$/cancelRequest`) before or
// while it runs is answered -32800 RequestCancelled.
import {
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type ConnectionStrategy,
  type Message,
  type RequestMessage,
  type ResponseMessage,
} from 'vscode-languageserver';
import type { Check } from './params';

/** Where a server is in its lifecycle (one per server: see ServerState). */
export interface Life {
  initialized: boolean;
  shutdown: boolean;
}

export const cancelled = () => new ResponseError(LSPErrorCodes.RequestCancelled, 'the request was cancelled');

/** Refuses a request before `initialize` (-32002) and after `shutdown` (-32600). */
export function checkLife(life: Life): void {
  if (!life.initialized)
    throw new ResponseError(ErrorCodes.ServerNotInitialized, 'the server is not initialized: send `initialize` first');
  if (life.shutdown)
    throw new ResponseError(ErrorCodes.InvalidRequest, 'the server is shut down: only `exit` is accepted');
}

/** Wraps a request handler: lifecycle, parameters and cancellation (see above). */
export function guarded<P, R>(
  life: Life,
  check: Check | undefined,
  handler: (params: P, token?: CancellationToken) => R,
): (params: P, token?: CancellationToken) => R | Promise<R> {
  return (params, token) => {
    checkLife(life);
    const problem = check?.(params);
    if (problem) throw new ResponseError(ErrorCodes.InvalidParams, problem);
    if (token?.isCancellationRequested) throw cancelled();
    const result = handler(params, token);
    if (result instanceof Promise) {
      return result.then((r) => {
        if (token?.isCancellationRequested) throw cancelled();
        return r;
      });
    }
    return result;
  };
}

/** Connection option: a request still queued when its cancellation arrives is answered at once, never run. */
export const cancelQueued: ConnectionStrategy = {
  cancelUndispatched: (message: Message): ResponseMessage => ({
    jsonrpc: '2.0',
    id: (message as RequestMessage).id,
    error: { code: LSPErrorCodes.RequestCancelled, message: 'the request was cancelled' },
  }),
};

/**
 * The connection as the open documents see it: document notifications before `initialize` are dropped (as
 * LSP prescribes), and one with wrong parameters is dropped with a warning naming the field instead of
 * failing inside the document store.
 */
export function checkedDocumentSync<C extends object>(
  connection: C & { console: { warn(message: string): void } },
  life: Life,
  checks: Record<string, { method: string; check: Check }>,
): C {
  return new Proxy(connection, {
    get(target, prop, receiver) {
      const entry = typeof prop === 'string' ? checks[prop] : undefined;
      const register = Reflect.get(target, prop, receiver);
      if (!entry || typeof register !== 'function') return register;
      return (handler: (params: unknown) => unknown) =>
        register.call(target, (params: unknown) => {
          if (!life.initialized) return undefined;
          const problem = entry.check(params);
          if (problem) {
            target.console.warn(`cloud-manifests: ${entry.method}: ${problem}; ignored`);
            return undefined;
          }
          return handler(params);
        });
    },
  });
}

import type { Env } from './env.ts';

/**
 * How long a client may take to send a request. Fastify leaves the whole-request limit off, so a connection that
 * sends half a request and then nothing would stay open for good. Headers are small and come at once:
 * HEADERS_TIMEOUT_SECONDS. A whole request, body included, gets REQUEST_TIMEOUT_SECONDS, generous because a form
 * with files may wait its turn unread (server/pages/upload-gate.ts) and a phone on a weak signal sends slowly;
 * the gate itself cuts off a body that stalls or crawls while it holds a turn. Either limit answers 408 and
 * closes the connection. Node checks them every `connectionsCheckingInterval`, so they fire up to that late.
 */
export function httpTimeouts(env: Pick<Env, 'HEADERS_TIMEOUT_SECONDS' | 'REQUEST_TIMEOUT_SECONDS'>) {
  const requestTimeout = env.REQUEST_TIMEOUT_SECONDS * 1000;
  // Node refuses headers given longer than the whole request.
  const headersTimeout = Math.min(env.HEADERS_TIMEOUT_SECONDS * 1000, requestTimeout);
  return {
    requestTimeout,
    http: {
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: Math.min(5000, Math.max(250, Math.round(headersTimeout / 4))),
    },
  };
}

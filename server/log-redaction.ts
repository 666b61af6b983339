import type { FastifyRequest } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';

/**
 * Path segments whose next segment is a credential: a one-time link (/welcome/<token>, and the API's
 * /api/welcome/<token>) sets a password, so whoever reads it in a log could take the account.
 */
const SECRET_AFTER = new Set(['welcome']);

export const REDACTED = '<redacted>';

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * An address as the log may keep it: the segment after `welcome` and the whole query string replaced by
 * `<redacted>`. The whole query, not only its values: a query part without `=` is all name (`?2008-05-17`),
 * and names are whatever the client sent, so none of it can be trusted to be harmless (status look-ups
 * carry dates of birth). The path is what tells requests apart; the query adds little to a log line.
 */
export function redactUrl(url: string): string {
  const queryAt = url.search(/[?#]/u);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : url.slice(queryAt);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    // Compared decoded, as the router matches them: /w%65lcome/<token> reaches the same route.
    if (SECRET_AFTER.has(decoded(segments[i - 1]!).toLowerCase()) && segments[i] !== '') segments[i] = REDACTED;
  }
  const query = rest.startsWith('?') && rest.length > 1 ? `?${REDACTED}` : '';
  return segments.join('/') + query;
}

// An address inside free text (an error's message or stack, a message string): a path, then an optional query.
const ADDRESS_IN_TEXT = /(?<![\w.-])(\/[^\s"'`<>?#]*)(\?[^\s"'`<>#]*)?/gu;

/** The same rule inside free text, for error messages such as 'Route GET:/api/welcome/abc not found'. */
export function redactText(text: string): string {
  return text.replace(ADDRESS_IN_TEXT, (address: string, path: string, query?: string) =>
    query || [...SECRET_AFTER].some((segment) => path.toLowerCase().includes(`${segment}/`))
      ? redactUrl(address)
      : address,
  );
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

function redactError(err: Error): SerializedError {
  const serialized = stdSerializers.err(err);
  if (typeof serialized.message === 'string') serialized.message = redactText(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = redactText(serialized.stack);
  return serialized;
}

/**
 * The logger options every log line goes through (server/app.ts): Fastify's request line (`req`), any
 * `{ url }` a module logs, errors' messages and stacks, and message strings all pass the one rule above.
 */
export const redactingLoggerOptions = {
  serializers: {
    // Fastify's own request serializer, with the address redacted.
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
    url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
    err: redactError,
  },
  hooks: {
    logMethod(args, method) {
      const redacted = args.map((arg: unknown) => (typeof arg === 'string' ? redactText(arg) : arg));
      return method.apply(this, redacted as Parameters<typeof method>);
    },
  },
} satisfies Pick<LoggerOptions, 'serializers' | 'hooks'>;

import type { AppServices } from './services.ts';

/** What React Router loaders and actions receive as `context`: the composed services and request facts. */
export type LoadContext = {
  services: AppServices;
  siteUrl: string;
  /** The client's address as Fastify sees it (honours TRUST_PROXY), for throttling form posts. */
  clientIp: string;
};

export function createGetLoadContext(services: AppServices, siteUrl: string) {
  return (request: { ip: string }): LoadContext => ({ services, siteUrl, clientIp: request.ip });
}

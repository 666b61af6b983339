import type { AppServices } from './services.ts';

/** What React Router loaders and actions receive as `context`: the composed services, nothing else. */
export type LoadContext = {
  services: AppServices;
  siteUrl: string;
};

export function createGetLoadContext(services: AppServices, siteUrl: string) {
  return (): LoadContext => ({ services, siteUrl });
}

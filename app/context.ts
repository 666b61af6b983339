import type { LoadContext } from '#server/load-context.ts';

// Loaders and actions reach data only through the context the server hands to React Router.
declare module 'react-router' {
  interface AppLoadContext extends LoadContext {}
}

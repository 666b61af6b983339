interface ImportMetaEnv {
  /** Address of the public pages' script (app/lib/enhance/site.ts), set by vite.config.ts at build time. */
  readonly SITE_SCRIPT: string;
}

import { reactRouter } from '@react-router/dev/vite';
import { type Plugin, type Rollup, build, defineConfig } from 'vite';

/** The public pages' only script (their HTML and CSS work without it). */
const SITE_SCRIPT_ENTRY = 'app/lib/enhance/site.ts';

/**
 * Bundles the site script on its own, so that it shares no chunk with the React app (a shared chunk would
 * make a public page download React's code), minified into hashed files under build/client/assets as part
 * of `react-router build`. Its address reaches the pages as import.meta.env.SITE_SCRIPT. The client and the
 * server build each bundle it (about 50 ms) and get the same names, since the names are content hashes;
 * the client build writes the files. In development Vite serves the source file itself.
 */
function siteScript(): Plugin {
  let files: Rollup.OutputChunk[] = [];
  let writeFiles = false;
  return {
    name: 'orbit:site-script',
    async config(userConfig, { command, isSsrBuild }) {
      if (command === 'serve') {
        return { define: { 'import.meta.env.SITE_SCRIPT': JSON.stringify(`/${SITE_SCRIPT_ENTRY}`) } };
      }
      const result = await build({
        configFile: false,
        root: userConfig.root,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          // Library mode: plain dynamic imports, without Vite's preloading helper (a kilobyte we never need).
          lib: { entry: { 'site-script': SITE_SCRIPT_ENTRY }, formats: ['es'] },
          rollupOptions: {
            output: {
              entryFileNames: 'assets/[name]-[hash].js',
              chunkFileNames: 'assets/[name]-[hash].js',
              minify: true,
            },
          },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
      files = outputs.flatMap((o) => o.output).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const entry = files.find((file) => file.isEntry);
      if (!entry) throw new Error(`The site script (${SITE_SCRIPT_ENTRY}) produced no entry file.`);
      writeFiles = !isSsrBuild;
      return { define: { 'import.meta.env.SITE_SCRIPT': JSON.stringify(`/${entry.fileName}`) } };
    },
    generateBundle() {
      if (!writeFiles) return;
      for (const file of files) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.code });
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), siteScript()],
  build: { assetsInlineLimit: 0 },
});

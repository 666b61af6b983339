/**
 * Imported first by server/main.ts, so it runs before any module that imports React when the sources run (the
 * TypeScript loader; server/start.mjs sets the same default before it imports the compiled server, whose imports
 * all load before its first statement): React and React DOM
 * choose their production or development build by process.env.NODE_ENV when first loaded, while
 * server/env.ts only defaults its own parsed copy. Without this, `npm start` (no NODE_ENV) served every
 * page with React's development build, about twice the CPU per render (bench/render-time.ts --no-node-env).
 * Empty counts as unset, as in server/env.ts; `npm run dev` sets development and keeps it.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

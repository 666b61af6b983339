// Lint enforces the layer boundaries of DESIGN.md, so they hold without anyone having to remember them:
//   common/  imports neither side: no #server, #app, react or node:* (it runs in the browser and on the server)
//   server/  never imports app/
//   app/     imports server/ for types only (data reaches routes through the load context)
// and nothing anywhere may form an import cycle.
// The house rules (eslint-rules/) keep SQL in repositories, clock reads out of services and repositories, and role
// names in the policy, and every module entered only through its face (server/modules/<module>/index.ts); each rule
// decides from a file's path where it applies.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import house from './eslint-rules/index.js';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];

// Relative paths must not sneak around the #aliases: `../server/x.ts` from app/ is still server code.
const relativeInto = (folder) => ({
  regex: `^(\\.\\./)+${folder}(/|$)`,
  message: `Use the #${folder}/* alias; reaching ${folder}/ through a relative path hides a layer crossing.`,
});

const NODE_GLOBALS = {
  process: 'readonly',
  console: 'readonly',
  URL: 'readonly',
  Buffer: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
  setInterval: 'readonly',
  clearInterval: 'readonly',
};

export default defineConfig(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: TS_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A forgotten await in a request handler fails silently; these three need type information (about 4 s).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // TypeScript checks names itself; `no-undef` only misreads types and globals.
      'no-undef': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type X }` alone still loads the module for its side effects; `import type` loads nothing.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Module augmentation (`interface AppLoadContext extends LoadContext {}`) needs an empty extending interface.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: TS_FILES,
    plugins: { house },
    rules: {
      'house/sql-in-repositories': 'error',
      'house/no-clock-reads': 'error',
      'house/role-names-in-policy': 'error',
      'house/module-face': 'error',
    },
  },
  {
    // Migrations are frozen in time: they take Kysely<any> and never import the application's schema types.
    files: ['server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright reads fixture names from the first parameter's destructuring: `({}, testInfo) => ...` is its idiom.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: NODE_GLOBALS },
  },
  {
    files: ['common/**'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'common/ is isomorphic: no React.' },
            { name: 'react-dom', message: 'common/ is isomorphic: no React.' },
            { name: 'react-router', message: 'common/ is isomorphic: no React Router.' },
          ],
          patterns: [
            { regex: '^#server/', message: 'common/ imports neither side: no #server/*.' },
            { regex: '^#app/', message: 'common/ imports neither side: no #app/*.' },
            { regex: '^node:', message: 'common/ runs in the browser too: no node:* modules.' },
            { group: ['react/*', 'react-dom/*'], message: 'common/ is isomorphic: no React.' },
            relativeInto('server'),
            relativeInto('app'),
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^#app/', message: 'server/ never imports app/: hand data to routes through the load context.' },
            relativeInto('app'),
          ],
        },
      ],
    },
  },
  {
    files: ['app/**'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['app/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#server/',
              allowTypeImports: true,
              message:
                'app/ imports server/ for types only (`import type`): loaders reach data through the load context.',
            },
            relativeInto('server'),
          ],
        },
      ],
    },
  },
);

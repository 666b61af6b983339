// Every module is entered through its face: from outside server/modules/<module>/, only that module's index.ts
// may be imported, so a reader learns what the rest of the site uses of it from one file, and its files can be
// rearranged without touching their callers. Inside the module, its files import each other directly.
// Every folder under server/modules/ is a module; a new folder is faced from its first file.
// Tests may also import a module's test app (`*.test-app.ts`): test support is no part of what the server uses.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isTestCode, projectPath } from './files.js';

const MODULES = new URL('../server/modules/', import.meta.url);
const FACED = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The project path an import names (through the #server alias or a relative path), or null for a package. */
function importedPath(file, source) {
  if (source.startsWith('#server/')) return `server/${source.slice('#server/'.length)}`;
  if (source.startsWith('./') || source.startsWith('../')) return path.posix.join(path.posix.dirname(file), source);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'From outside a faced module, import only its index.ts' },
    messages: {
      behind:
        '{{ imported }} is inside server/modules/{{ module }}/: import it from #server/modules/{{ module }}/index.ts (export it there if it is missing).',
    },
    schema: [],
  },
  create(context) {
    const file = projectPath(context);
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const imported = importedPath(file, node.value);
      if (!imported) return;
      for (const module of FACED) {
        const home = `server/modules/${module}/`;
        if (!imported.startsWith(home) || file.startsWith(home)) continue;
        if (imported === `${home}index.ts`) continue;
        if (isTestCode(file) && imported.endsWith('.test-app.ts')) continue;
        context.report({ node, messageId: 'behind', data: { imported, module } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

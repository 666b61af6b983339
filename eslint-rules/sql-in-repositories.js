// The SQL of a feature lives in its `*.repository.ts` (and the schema's in server/db/migrations): a reader finds
// every query on a table in one place, and a service states rules, not queries.
import { isTestCode, projectPath } from './files.js';

const QUERY_STARTS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
]);

const applies = (file) =>
  /^(server|app|common)\//.test(file) &&
  !isTestCode(file) &&
  !file.startsWith('server/db/migrations/') &&
  !/\.repository\.ts$/.test(file);

const isSqlTag = (node) => node.type === 'Identifier' && node.name === 'sql';

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'SQL (Kysely query building and sql`` fragments) only in *.repository.ts and migrations' },
    messages: {
      query: 'A query (.{{ method }}) belongs in a *.repository.ts: move it there and call the repository function.',
      fragment: 'SQL (sql{{ kind }}) belongs in a *.repository.ts: move it there and call the repository function.',
    },
    schema: [],
  },
  create(context) {
    if (!applies(projectPath(context))) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        if (QUERY_STARTS.has(callee.property.name)) {
          context.report({ node: callee.property, messageId: 'query', data: { method: callee.property.name } });
        } else if (isSqlTag(callee.object)) {
          context.report({ node, messageId: 'fragment', data: { kind: `.${callee.property.name}()` } });
        }
      },
      TaggedTemplateExpression(node) {
        if (isSqlTag(node.tag)) context.report({ node, messageId: 'fragment', data: { kind: '`…`' } });
      },
    };
  },
};

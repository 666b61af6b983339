// What a role may do is decided in one place (common/policy.ts, over the roles of common/roles.ts). A role's name
// anywhere else is a second, hidden policy: `role === 'owner'` stops being true the day another role gets the
// right, and nobody reading the policy sees it. Ask the policy (`roleMay`, `rolesThatMay`) instead.
import { isTestCode, projectPath } from './files.js';

/** The staff roles of common/roles.ts (its test checks the two lists agree). */
export const ROLE_NAMES = ['owner', 'editor', 'admissions'];

const OWN_HOMES = new Set(['common/policy.ts', 'common/roles.ts']);

// Seeds and migrations store roles as data.
const applies = (file) =>
  /^(server|app|common)\//.test(file) &&
  !OWN_HOMES.has(file) &&
  !isTestCode(file) &&
  !file.startsWith('server/seed/') &&
  !file.startsWith('server/db/migrations/');

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Role names only in common/policy.ts and common/roles.ts' },
    messages: {
      role: "The role name '{{ name }}' outside common/policy.ts and common/roles.ts: ask the policy what the role may do.",
    },
    schema: [],
  },
  create(context) {
    if (!applies(projectPath(context))) return {};
    const check = (node, value) => {
      if (typeof value !== 'string' || !ROLE_NAMES.includes(value)) return;
      // Markup's ids and classes (`id="admissions"`) name a part of a page, not a role.
      if (node.parent?.type === 'JSXAttribute') return;
      context.report({ node, messageId: 'role', data: { name: value } });
    };
    return {
      Literal(node) {
        check(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.expressions.length === 0) check(node, node.quasis[0]?.value.cooked);
      },
    };
  },
};

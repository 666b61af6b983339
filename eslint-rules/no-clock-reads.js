// Services and repositories take the time from the clock they are given (server/clock.ts), never from the system:
// a test sets the clock and sees deadlines, schedules and expiries pass; and no factory falls back to the system
// clock on its own, so a caller that forgets to pass the clock is a type error, not a test that reads real time.
import { isTestCode, projectPath } from './files.js';

const readsNoClockItself = (file) => /^server\//.test(file) && /\.(service|repository)\.ts$/.test(file);

// Where the server is put together: these choose the system clock for everything they build (tests pass another).
const COMPOSITION_ROOTS = new Set(['server/main.ts', 'server/app.ts', 'server/services.ts']);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'No clock reads in services and repositories; no factory defaults to the system clock' },
    messages: {
      read: '{{ what }} reads the system clock: use the `clock` this service is given (clock.now()), or take the time as a parameter.',
      defaulted: 'A factory must take the clock from its caller, not default to systemClock.',
    },
    schema: [],
  },
  create(context) {
    const file = projectPath(context);
    if (!/^server\//.test(file) || isTestCode(file)) return {};
    const strict = readsNoClockItself(file);
    const read = (node, what) => context.report({ node, messageId: 'read', data: { what } });
    const visitors = {
      AssignmentPattern(node) {
        if (node.right.type === 'Identifier' && node.right.name === 'systemClock' && !COMPOSITION_ROOTS.has(file)) {
          context.report({ node, messageId: 'defaulted' });
        }
      },
    };
    if (!strict) return visitors;
    return {
      ...visitors,
      NewExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'Date' && node.arguments.length === 0) {
          read(node, 'new Date()');
        }
      },
      CallExpression(node) {
        const { callee } = node;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'Date' &&
          callee.property.type === 'Identifier' &&
          callee.property.name === 'now'
        ) {
          read(node, 'Date.now()');
        } else if (callee.type === 'Identifier' && callee.name === 'nowIso') {
          read(node, 'nowIso()');
        }
      },
      Identifier(node) {
        if (node.name !== 'systemClock') return;
        const parent = node.parent;
        if (parent.type === 'AssignmentPattern' && parent.right === node) return; // reported as `defaulted`
        if (parent.type === 'ImportSpecifier') return; // its uses are reported
        read(node, 'systemClock');
      },
    };
  },
};

// The house rules that a build checks rather than a reader remembers (wired in eslint.config.js as `house/*`).
import moduleFace from './module-face.js';
import noClockReads from './no-clock-reads.js';
import roleNamesInPolicy from './role-names-in-policy.js';
import sqlInRepositories from './sql-in-repositories.js';

export default {
  meta: { name: 'house' },
  rules: {
    'sql-in-repositories': sqlInRepositories,
    'no-clock-reads': noClockReads,
    'role-names-in-policy': roleNamesInPolicy,
    'module-face': moduleFace,
  },
};

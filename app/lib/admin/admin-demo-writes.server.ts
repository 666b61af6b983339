import { DEMO_CONFIRM_FIELD, demoTotal, describeDemoCounts } from '#common/demo.ts';
import type { AdminWrite } from './admin-action.server.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';

/** The writes of /admin/demo, by the form's intent. */
export const DEMO_WRITES = {
  /** Every demo notice and photo removed at once (audited); the page then says what went. */
  removeDemo: {
    action: 'demo.remove',
    messages: ADMIN_MESSAGES.removeDemo,
    async run(form, services, admin) {
      if (form.get(DEMO_CONFIRM_FIELD) !== 'yes')
        return {
          fieldErrors: {},
          refusal: { code: 'validation', message: 'Confirm the removal first: it cannot be undone.' },
        };
      const removed = await services.demo.remove(admin);
      return {
        done:
          demoTotal(removed) === 0
            ? 'No demo content was left to remove.'
            : `Removed ${describeDemoCounts(removed)} of the demo content.`,
      };
    },
  },
} satisfies Record<string, AdminWrite>;

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core's violations on the page as it is (WCAG 2.x A and AA, and best practices), one line each with its first nodes. */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/gu, ' ') ?? ''}`)
        .join('\n'),
  );
}

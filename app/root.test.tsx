import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from './root.tsx';

const render = (error: unknown) =>
  renderToStaticMarkup(
    <ErrorBoundary {...({ error, params: {} } as unknown as Parameters<typeof ErrorBoundary>[0])} />,
  );

describe('root error boundary', () => {
  it('offers a reload when a script chunk of an older version cannot be loaded', () => {
    const html = render(new TypeError('Failed to fetch dynamically imported module: /assets/contact-abc.js'));
    expect(html).toContain('A newer version of the site is available');
    expect(html).toMatch(/<button[^>]*>Reload<\/button>/);
  });

  it('shows a plain friendly page for other errors, without their details', () => {
    const html = render(new Error('database exploded at line 42'));
    expect(html).toContain('Something went wrong');
    expect(html).not.toContain('database exploded');
    expect(html).not.toContain('Reload');
  });
});

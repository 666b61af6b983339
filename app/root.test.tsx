import { renderToStaticMarkup } from 'react-dom/server';
import { RouterProvider, createMemoryRouter, useRouteError } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from './root.tsx';

type BoundaryProps = Parameters<typeof ErrorBoundary>[0];

/** Renders the root boundary as React Router does: in a data router whose page failed with `error`. */
async function render(error: unknown): Promise<string> {
  const router = createMemoryRouter([
    {
      id: 'root',
      path: '/',
      loader: () => {
        throw error;
      },
      Component: () => null,
      ErrorBoundary: function Boundary() {
        return <ErrorBoundary {...({ error: useRouteError(), params: {} } as unknown as BoundaryProps)} />;
      },
    },
  ]);
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('root error boundary', () => {
  it('offers a reload when a script chunk of an older version cannot be loaded', async () => {
    const html = await render(new TypeError('Failed to fetch dynamically imported module: /assets/contact-abc.js'));
    expect(html).toContain('A newer version of the site is available');
    expect(html).toMatch(/<button[^>]*>Reload<\/button>/);
  });

  it('shows a plain friendly page for other errors, without their details', async () => {
    const html = await render(new Error('database exploded at line 42'));
    expect(html).toContain('Something went wrong');
    expect(html).not.toContain('database exploded');
    expect(html).not.toContain('Reload');
  });
});

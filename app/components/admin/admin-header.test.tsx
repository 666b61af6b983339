import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminHeader } from './admin-header.tsx';

const header = (props: Parameters<typeof AdminHeader>[0]) => {
  const Page = createRoutesStub([{ path: '/admin', Component: () => <AdminHeader {...props} /> }]);
  return renderToStaticMarkup(<Page initialEntries={['/admin']} />);
};

describe('the admin header', () => {
  it('greets the signed-in person by name', () => {
    const html = header({ person: 'Sita Sharma', name: 'Sita Sharma', role: 'owner' });
    expect(html).toContain('Hello, Sita Sharma');
    expect(html).not.toContain('Hello Admin');
  });

  it('greets nobody by a made-up name when the account has none', () => {
    const html = header({ person: 'office@orbit.test', name: '', role: 'owner' });
    expect(html).not.toContain('Hello');
    expect(html).toContain('office@orbit.test');
  });
});

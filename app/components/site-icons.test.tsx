import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LogoMark } from './site-icons.tsx';

describe('the logo mark', () => {
  it("draws a PNG logo from its copy at three times the mark's height, sized so the header never shifts", () => {
    const html = renderToStaticMarkup(<LogoMark logo={{ url: '/logo/abc.png', width: 1000, height: 500 }} />);
    expect(html).toContain('<img class="brand__logo" src="/logo/abc-h108.png" width="72" height="36" alt=""/>');
  });

  it('draws an SVG logo from the drawing itself', () => {
    const html = renderToStaticMarkup(<LogoMark logo={{ url: '/logo/abc.svg', width: 96, height: 96 }} />);
    expect(html).toContain('<img class="brand__logo" src="/logo/abc.svg" width="36" height="36" alt=""/>');
  });
});

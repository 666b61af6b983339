import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VideoFacade } from './video-facade.tsx';

describe('VideoFacade', () => {
  it('shows only a "Play video" button until pressed: no iframe, so no request to the video host', () => {
    const html = renderToStaticMarkup(
      <VideoFacade embedUrl="https://www.youtube-nocookie.com/embed/abc" title="Video" />,
    );
    expect(html).toMatch(/<button[^>]*>.*Play video.*<\/button>/s);
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('youtube');
  });

  it('renders nothing when no video address is configured', () => {
    expect(renderToStaticMarkup(<VideoFacade embedUrl="" title="Video" />)).toBe('');
  });
});

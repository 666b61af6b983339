import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { VideoFacade } from './video-facade.tsx';

const EMBED = 'https://www.youtube-nocookie.com/embed/abc';

const render = (embedUrl: string, path = '/') =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <VideoFacade embedUrl={embedUrl} title="Video" playLabel="Play video" />
    </MemoryRouter>,
  );

/** The markup the browser lays out and fetches from: a <template>'s content is inert (never requested). */
const outsideTemplates = (html: string) => html.replace(/<template[^>]*>.*?<\/template>/gsu, '');

describe('VideoFacade', () => {
  it('shows only a "Play video" button until pressed: no request to the video host', () => {
    const html = render(EMBED);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Play video.*<\/button>/su);
    expect(outsideTemplates(html)).not.toContain('<iframe');
    expect(outsideTemplates(html)).not.toContain('youtube');
  });

  it('keeps the player in an inert template for the script to put in place', () => {
    const template = /<template data-facade-embed="true">(.*?)<\/template>/su.exec(render(EMBED))?.[1];
    expect(template).toMatch(/^<iframe[^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\/abc\?autoplay=1"/u);
  });

  it('works without script: its GET form asks for the page with the player in place', () => {
    const form = /<form[^>]*>/u.exec(render(EMBED))?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="#video"');
    expect(render(EMBED)).toMatch(/<button(?=[^>]*name="video")(?=[^>]*value="play")[^>]*>/u);
    const playing = render(EMBED, '/?video=play');
    expect(outsideTemplates(playing)).toMatch(/<iframe[^>]*title="Video"/u);
    expect(playing).not.toContain('Play video');
  });

  it('renders nothing when no video address is configured', () => {
    expect(render('')).toBe('');
  });
});

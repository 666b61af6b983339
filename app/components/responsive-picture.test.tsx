import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsivePicture } from './responsive-picture.tsx';

const image = {
  src: '/media/img/a/abc-800.jpg',
  width: 1600,
  height: 1067,
  srcset: {
    avif: '/media/img/a/abc-800.avif 800w',
    webp: '/media/img/a/abc-800.webp 800w',
    jpeg: '/media/img/a/abc-800.jpg 800w',
  },
};
const img = (props: { priority?: boolean; afterFirst?: boolean }) =>
  /<img [^>]*>/u.exec(
    renderToStaticMarkup(<ResponsivePicture image={image} alt="A photo" sizes="100vw" {...props} />),
  )![0];

describe('ResponsivePicture load order', () => {
  it('loads the largest paint at once and first', () => {
    const first = img({ priority: true });
    expect(first).toContain('fetchPriority="high"');
    expect(first).not.toContain('loading=');
  });

  it('loads a photo shown beside the first lazily and at low priority, so the browser cannot raise it to the first', () => {
    const next = img({ afterFirst: true });
    expect(next).toContain('loading="lazy"');
    expect(next).toContain('fetchPriority="low"');
  });

  it('leaves any other photo lazy at the priority the browser chooses', () => {
    const other = img({});
    expect(other).toContain('loading="lazy"');
    expect(other).not.toContain('fetchPriority');
    expect(other).toContain('decoding="async"');
  });
});

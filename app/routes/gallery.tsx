import { Link } from 'react-router';
import { GalleryGrid } from '#app/components/gallery-grid.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { college } from '#content/college.ts';
import '#app/styles/pages.css';
import type { Route } from './+types/gallery';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Gallery: Life at Orbit',
    description: `Photos of ${college.name}, Bharatpur: the campus, classes and events.`,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { images: await context.services.images.list('gallery') };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { images } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="page">
      <div className="container">
        <header className="page__header">
          <h1>Life at Orbit</h1>
          <p>Moments from the campus. Select a photo to see it full size.</p>
        </header>
        {images.length > 0 ? (
          <GalleryGrid images={images} />
        ) : (
          <p className="empty-state">
            There are no photos in the gallery yet. Please check again soon, or <Link to="/contact">contact us</Link> to
            arrange a visit.
          </p>
        )}
      </div>
    </main>
  );
}

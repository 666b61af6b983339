import { Link } from 'react-router';
import type { Notice } from '#common/notices/notice.ts';
import { motion } from '#app/lib/motion.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { NoticeCard } from './notice-card.tsx';

export function LatestNotices({ notices }: { notices: Notice[] }) {
  const { ui, href } = useSiteContent();
  return (
    <section className="section section--tint" aria-labelledby="latest-notices-title">
      <div className="container">
        <h2 id="latest-notices-title">{ui.home.latestNotices}</h2>
        {notices.length > 0 ? (
          <ul className="notice-grid">
            {notices.map((notice) => (
              <li key={notice.id}>
                <NoticeCard notice={notice} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <p>{ui.home.noNotices}</p>
        )}
        <p className="section__more">
          <Link className={`btn btn--primary ${motion.tap}`} to={href('/notices')}>
            {ui.home.seeMore}
            <span className="sr-only">{ui.home.seeMoreNotices}</span>
          </Link>
        </p>
      </div>
    </section>
  );
}

import { Link } from 'react-router';
import type { Notice } from '#common/notice.ts';
import { motion } from '#app/lib/motion.ts';
import { NoticeCard } from './notice-card.tsx';

export function LatestNotices({ notices }: { notices: Notice[] }) {
  return (
    <section className="section section--tint" aria-labelledby="latest-notices-title">
      <div className="container">
        <h2 id="latest-notices-title">Latest notices</h2>
        {notices.length > 0 ? (
          <ul className="notice-grid">
            {notices.map((notice) => (
              <li key={notice.id}>
                <NoticeCard notice={notice} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <p>There are no notices at the moment.</p>
        )}
        <p className="section__more">
          <Link className={`btn btn--primary ${motion.tap}`} to="/notices">
            SEE MORE<span className="sr-only"> notices</span>
          </Link>
        </p>
      </div>
    </section>
  );
}

import type { Notice } from '#common/notice.ts';
import { formatDate } from '#app/lib/format-date.ts';
import noticesCss from '#app/styles/notices.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';

/** One notice: title, date, description and, when it has one, its link (new tab). */
export function NoticeCard({ notice, headingLevel }: { notice: Notice; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="notice-card">
      <PageStyle name="notices" css={noticesCss} />
      <time className="notice-card__date" dateTime={notice.createdDate}>
        {formatDate(notice.createdDate)}
      </time>
      <Heading className="notice-card__title">{notice.title}</Heading>
      <p className="notice-card__text">{notice.description}</p>
      {notice.link ? (
        <a className="notice-card__link" href={notice.link} target="_blank" rel="noopener noreferrer">
          Open link<span className="sr-only">: {notice.title} (opens in a new tab)</span>
        </a>
      ) : null}
    </article>
  );
}

import { Link } from 'react-router';
import { formatDateIn } from '#common/i18n/dates.ts';
import type { Notice } from '#common/notices/notice.ts';
import { excerpt } from '#common/words.ts';
import { linkify } from '#app/lib/linkify.tsx';
import { noticePath } from '#common/notices/notice-path.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import noticesCss from '#app/styles/notices.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import { NoticeThumbnail } from './notice-attachments.tsx';

/**
 * One notice: category, BS and AD date, title (to its own page), its first attachment's thumbnail, the first
 * words of its description (the whole text is on its page) and, when it has one, its link (new tab).
 */
export function NoticeCard({ notice, headingLevel }: { notice: Notice; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const start = excerpt(notice.description);
  const { lang, ui, href } = useSiteContent();
  return (
    <article className="notice-card" lang={notice.language}>
      <PageStyle name="notices" css={noticesCss} />
      {notice.attachments[0] ? (
        <NoticeThumbnail attachment={notice.attachments[0]} title={notice.title} words={ui.noticePage} />
      ) : null}
      <p className="notice-card__meta">
        {notice.pinned ? <span className="notice-badge notice-badge--pinned">{ui.notices.pinned}</span> : null}
        <span className="notice-badge">{ui.notices.categories[notice.category]}</span>
        <time className="notice-card__date" dateTime={notice.publishAt}>
          {formatDateIn(lang, notice.publishAt)}
        </time>
      </p>
      <Heading className="notice-card__title">
        <Link to={href(noticePath(notice))}>{notice.title}</Link>
      </Heading>
      <p className="notice-card__text">
        {start.cutInWord ? start.text : linkify(start.text)}
        {start.more ? '…' : null}
      </p>
      {notice.link ? (
        <a className="notice-card__link" href={notice.link} target="_blank" rel="noopener noreferrer">
          {ui.notices.openLink}
          <span className="sr-only">
            : {notice.title}
            {ui.common.opensInNewTab}
          </span>
        </a>
      ) : null}
    </article>
  );
}

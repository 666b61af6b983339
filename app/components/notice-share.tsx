import shareCss from '#app/styles/notice-share.css?inline';
import { PageStyle } from './page-style.tsx';

/** Where each messenger takes a shared link: plain addresses, so nothing loads from them until a click. */
export function shareLinks(title: string, url: string) {
  const text = encodeURIComponent(`${title} ${url}`);
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}`, newTab: true },
    // Viber's own scheme opens the app; there is no web page to open in a tab.
    { name: 'Viber', href: `viber://forward?text=${text}`, newTab: false },
    {
      name: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
      newTab: true,
    },
  ];
}

/**
 * Share a notice: a link for each messenger people in Nepal pass notices on with, and its address as
 * text anyone can select. The site script adds a 'Copy link' button (hidden without it) that puts the
 * address on the clipboard and says so in a status line.
 */
export function NoticeShare({ title, url }: { title: string; url: string }) {
  return (
    <section className="notice-share" aria-labelledby="notice-share-heading">
      <PageStyle name="notice-share" css={shareCss} />
      <h2 id="notice-share-heading" className="notice-share__heading">
        Share this notice
      </h2>
      <ul className="notice-share__links">
        {shareLinks(title, url).map((link) => (
          <li key={link.name}>
            <a
              className="notice-share__link"
              href={link.href}
              {...(link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {link.name}
              {link.newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
            </a>
          </li>
        ))}
      </ul>
      <div className="notice-share__copy" data-copy-link>
        <p className="notice-share__url">
          <span className="notice-share__label">Link to this notice: </span>
          <span data-copy-text>{url}</span>
        </p>
        <button
          type="button"
          className="btn btn--light notice-share__button"
          hidden
          data-copy-button
          data-copied="Link copied."
          data-copy-failed="Could not copy: the link is selected, copy it with your keyboard or menu."
        >
          Copy link
        </button>
        <span className="notice-share__status" role="status" data-copy-status />
      </div>
    </section>
  );
}

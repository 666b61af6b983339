import shareCss from '#app/styles/notice-share.css?inline';
import { useSiteContent } from '#app/lib/site-content.ts';
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
  const { ui } = useSiteContent();
  const words = ui.noticePage;
  return (
    <section className="notice-share" aria-labelledby="notice-share-heading">
      <PageStyle name="notice-share" css={shareCss} />
      <h2 id="notice-share-heading" className="notice-share__heading">
        {words.share}
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
              {link.newTab ? <span className="sr-only">{ui.common.opensInNewTab}</span> : null}
            </a>
          </li>
        ))}
      </ul>
      <div className="notice-share__copy" data-copy-link>
        <p className="notice-share__url">
          <span className="notice-share__label">{words.linkLabel}</span>
          <span data-copy-text>{url}</span>
        </p>
        <button
          type="button"
          className="btn btn--light notice-share__button"
          hidden
          data-copy-button
          data-copied={words.copied}
          data-copy-failed={words.copyFailed}
        >
          {words.copyLink}
        </button>
        <span className="notice-share__status" role="status" data-copy-status />
      </div>
    </section>
  );
}

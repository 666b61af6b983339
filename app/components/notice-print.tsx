import { oneLineAddress, useSiteContent } from '#app/lib/site-content.ts';
import printCss from '#app/styles/notice-print.css?inline';
import { PageStyle } from './page-style.tsx';
import { PrintedLogo } from './printed-logo.tsx';

/**
 * What only a printed notice shows (notice-print.css hides it on screen): at the top, the college's logo
 * (when it has uploaded one), name and address as a letterhead; the logo is the header's own address, so the
 * browser already holds it and the hidden copy costs the page no request; at the bottom, the reference number, the dates and a QR code of the
 * notice's permanent address, so that anyone holding a printed copy can check it against the site.
 */
export function NoticePrintHead() {
  const { site, lang, t } = useSiteContent();
  return (
    <div className="notice-print notice-print__head">
      <PageStyle name="notice-print" css={printCss} />
      {site.college.logo ? <PrintedLogo logo={site.college.logo} className="notice-print__logo" /> : null}
      <p className="notice-print__college">{t(site.college.name)}</p>
      <p className="notice-print__address">{oneLineAddress(site, lang)}</p>
    </div>
  );
}

export function NoticePrintFoot({
  permalink,
  qrSvg,
  referenceNo,
  date,
}: {
  permalink: string;
  /** An SVG made on the server from `permalink` (app/lib/notice-qr.server.ts). */
  qrSvg: string;
  referenceNo: string | null;
  /** The BS date with the AD date. */
  date: string;
}) {
  const { ui } = useSiteContent();
  return (
    <div className="notice-print notice-print__foot">
      {/* The SVG is made by our server from our own address, never from text a visitor typed. */}
      <div
        className="notice-print__qr"
        role="img"
        aria-label={ui.noticePage.qrLabel}
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <div>
        {referenceNo ? (
          <p>
            {ui.notices.referenceNo} {referenceNo}
          </p>
        ) : null}
        <p>
          {ui.noticePage.published} {date}
        </p>
        <p>
          {ui.noticePage.checkAt} <span className="notice-print__url">{permalink}</span>
        </p>
      </div>
    </div>
  );
}

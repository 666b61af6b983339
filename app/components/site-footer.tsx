import { Link } from 'react-router';
import { oneLineAddress, useSiteContent } from '#app/lib/site-content.ts';
import { PhoneList } from './phone-list.tsx';
import { LogoMark, MailIcon, PinIcon } from './site-icons.tsx';

export function SiteFooter() {
  const { site, lang, t, ui, href, langOf } = useSiteContent();
  const { college, footerCourses } = site;
  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        <section className="site-footer__brand" aria-labelledby="footer-about">
          <h2 id="footer-about" className="brand">
            <LogoMark logo={college.logo} />
            <span className="brand__name" lang={langOf(college.name)}>
              {t(college.name)}
            </span>
          </h2>
          <p className="site-footer__motto" lang={langOf(college.motto)}>
            {t(college.motto)}
          </p>
          {t(college.established) ? <p>{ui.footer.established(t(college.established))}</p> : null}
        </section>
        {footerCourses.items.length > 0 ? (
          <section aria-labelledby="footer-courses">
            <h2 id="footer-courses">{ui.footer.courses}</h2>
            <ul className="site-footer__list">
              {footerCourses.items.map((course, i) => (
                <li key={`${i}-${course.en}`} lang={langOf(course)}>
                  {t(course)}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="footer-visit">
          <h2 id="footer-visit">{ui.footer.visitUs}</h2>
          {college.addressLines.length > 0 ? (
            <address className="icon-line">
              <PinIcon />
              <span>
                {college.addressLines.map((line, i) => (
                  <span key={`${i}-${line.en}`} className="block" lang={langOf(line)}>
                    {t(line)}
                  </span>
                ))}
              </span>
            </address>
          ) : null}
          <p>
            <Link to={href('/contact')}>{ui.footer.contactAndMap}</Link>
          </p>
        </section>
        {college.phones.length > 0 || college.email ? (
          <section aria-labelledby="footer-call">
            <h2 id="footer-call">{ui.footer.callOrWrite}</h2>
            <PhoneList />
            {college.email ? (
              <p className="icon-line">
                <MailIcon />
                <a href={`mailto:${college.email}`}>{college.email}</a>
              </p>
            ) : null}
          </section>
        ) : null}
      </div>
      <p className="site-footer__legal container">
        © {[t(college.name), oneLineAddress(site, lang)].filter(Boolean).join(', ')}
      </p>
    </footer>
  );
}

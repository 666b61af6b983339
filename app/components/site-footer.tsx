import { Link } from 'react-router';
import { college, footerCourses, links } from '#content/college.ts';
import { PhoneList } from './phone-list.tsx';
import { LogoMark, MailIcon, PinIcon } from './site-icons.tsx';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        <section className="site-footer__brand" aria-labelledby="footer-about">
          <h2 id="footer-about" className="brand">
            <LogoMark />
            <span className="brand__name">{college.name}</span>
          </h2>
          <p className="site-footer__motto">{college.motto}</p>
          <p>Established in {college.history.established}</p>
        </section>
        <section aria-labelledby="footer-courses">
          <h2 id="footer-courses">Courses</h2>
          <ul className="site-footer__list">
            {footerCourses.map((course) => (
              <li key={course}>{course}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-visit">
          <h2 id="footer-visit">Visit us</h2>
          <address className="icon-line">
            <PinIcon />
            <span>
              {college.address.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </span>
          </address>
          <p>
            <Link to="/contact">Contact and map</Link>
          </p>
        </section>
        <section aria-labelledby="footer-call">
          <h2 id="footer-call">Call or write</h2>
          <PhoneList />
          {links.email ? (
            <p className="icon-line">
              <MailIcon />
              <a href={`mailto:${links.email}`}>{links.email}</a>
            </p>
          ) : null}
        </section>
      </div>
      <p className="site-footer__legal container">
        © {college.name}, {college.address.oneLine}
      </p>
    </footer>
  );
}

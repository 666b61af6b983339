import { college, links } from '#content/college.ts';
import { PhoneList } from './phone-list.tsx';
import { MailIcon, PinIcon } from './site-icons.tsx';

export function ContactDetails() {
  return (
    <section className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">Visit or call us</h2>
      <address className="icon-line">
        <PinIcon />
        <span>
          {college.address.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          <span className="block muted">{college.address.note}</span>
        </span>
      </address>
      <h3>Phone</h3>
      <PhoneList />
      {links.email ? (
        <>
          <h3>Email</h3>
          <p className="icon-line">
            <MailIcon />
            <a href={`mailto:${links.email}`}>{links.email}</a>
          </p>
        </>
      ) : null}
    </section>
  );
}

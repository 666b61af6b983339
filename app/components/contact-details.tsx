import { useSiteContent } from '#app/lib/site-content.ts';
import { PhoneList } from './phone-list.tsx';
import { MailIcon, PinIcon } from './site-icons.tsx';

export function ContactDetails() {
  const { site, t } = useSiteContent();
  const { college } = site;
  const note = t(college.addressNote);
  return (
    <section className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">Visit or call us</h2>
      <address className="icon-line">
        <PinIcon />
        <span>
          {college.addressLines.map((line, i) => (
            <span key={`${i}-${line.en}`} className="block">
              {t(line)}
            </span>
          ))}
          {note ? <span className="block muted">{note}</span> : null}
        </span>
      </address>
      {college.phones.length > 0 ? (
        <>
          <h3>Phone</h3>
          <PhoneList />
        </>
      ) : null}
      {college.email ? (
        <>
          <h3>Email</h3>
          <p className="icon-line">
            <MailIcon />
            <a href={`mailto:${college.email}`}>{college.email}</a>
          </p>
        </>
      ) : null}
    </section>
  );
}

import { useSiteContent } from '#app/lib/site-content.ts';
import { PhoneList } from './phone-list.tsx';
import { MailIcon, PinIcon } from './site-icons.tsx';

export function ContactDetails() {
  const { site, t, ui, langOf } = useSiteContent();
  const { college } = site;
  const note = t(college.addressNote);
  // Nothing entered yet (as after 'Start empty'): no heading over nothing.
  if (college.addressLines.length === 0 && !note && college.phones.length === 0 && !college.email) return null;
  return (
    <section className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">{ui.contact.detailsHeading}</h2>
      {college.addressLines.length > 0 || note ? (
        <address className="icon-line">
          <PinIcon />
          <span>
            {college.addressLines.map((line, i) => (
              <span key={`${i}-${line.en}`} className="block" lang={langOf(line)}>
                {t(line)}
              </span>
            ))}
            {note ? (
              <span className="block muted" lang={langOf(college.addressNote)}>
                {note}
              </span>
            ) : null}
          </span>
        </address>
      ) : null}
      {college.phones.length > 0 ? (
        <>
          <h3>{ui.contact.phone}</h3>
          <PhoneList />
        </>
      ) : null}
      {college.email ? (
        <>
          <h3>{ui.contact.email}</h3>
          <p className="icon-line">
            <MailIcon />
            <a href={`mailto:${college.email}`}>{college.email}</a>
          </p>
        </>
      ) : null}
    </section>
  );
}

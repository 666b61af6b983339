import { telHref } from '#common/site-content/fields.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { PhoneIcon } from './site-icons.tsx';

/** The college's phone numbers as printed, each a tel: link with the country code. */
export function PhoneList({ className }: { className?: string }) {
  const { site } = useSiteContent();
  if (site.college.phones.length === 0) return null;
  return (
    <ul className={`contact-list ${className ?? ''}`}>
      {site.college.phones.map((phone, i) => (
        <li key={`${i}-${phone}`}>
          <PhoneIcon />
          <a href={telHref(phone)}>{phone}</a>
        </li>
      ))}
    </ul>
  );
}

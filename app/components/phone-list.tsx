import { college } from '#content/college.ts';
import { PhoneIcon } from './site-icons.tsx';

/** The college's phone numbers; one not yet confirmed is shown as such, never as a dead tel: link. */
export function PhoneList({ className }: { className?: string }) {
  return (
    <ul className={`contact-list ${className ?? ''}`}>
      {college.phones.map((phone) => (
        <li key={phone.label}>
          <PhoneIcon />
          {phone.tel ? (
            <a href={`tel:${phone.tel}`}>{phone.label}</a>
          ) : (
            <span className="contact-list__pending">{phone.label}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

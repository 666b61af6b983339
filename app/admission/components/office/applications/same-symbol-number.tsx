import { Fragment } from 'react';
import { Link } from 'react-router';

/**
 * 'Same SEE symbol number as ORB-2084-12': another active application of the season gives this symbol
 * number with another name or date of birth. It is not refused (a typo, or a sibling's number): the office
 * judges, so it is always shown, each other application linked.
 */
export function SameSymbolNumber({ others }: { others: readonly { id: string; reference: string }[] }) {
  if (others.length === 0) return null;
  return (
    <span className="same-symbol-number">
      Same SEE symbol number as{' '}
      {others.map((o, i) => (
        <Fragment key={o.id}>
          {i > 0 ? ', ' : null}
          <Link to={`/admin/applications/${o.id}`}>{o.reference}</Link>
        </Fragment>
      ))}
    </span>
  );
}

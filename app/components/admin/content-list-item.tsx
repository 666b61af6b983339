import type { ReactNode } from 'react';
import { DeleteButton } from './delete-button.tsx';
import { MoveButtons } from './move-buttons.tsx';

interface ContentListItemProps {
  /** The list's name in its page's writes: its items move with `<list>-move` and go with `<list>-delete`. */
  list: string;
  id: string;
  /** What the item is called: its heading, and what its buttons name for assistive technology. */
  name: string;
  index: number;
  count: number;
  /** The list's version, carried by the moves. */
  version: number;
  /** The delete's question and what it will do. */
  question: string;
  consequence: ReactNode;
  /** The item's own forms. */
  children: ReactNode;
}

/** One item of a content list (a course card, a testimonial): its heading, its forms, and its move and delete buttons. */
export function ContentListItem({
  list,
  id,
  name,
  index,
  count,
  version,
  question,
  consequence,
  children,
}: ContentListItemProps) {
  const titleId = `${list}-${id}`;
  return (
    <li className="admin-panel content-item" aria-labelledby={titleId}>
      <h3 id={titleId} className="content-item__title">
        {name}
      </h3>
      {children}
      <div className="content-item__actions">
        <MoveButtons
          intent={`${list}-move`}
          id={id}
          version={version}
          itemName={name}
          isFirst={index === 0}
          isLast={index === count - 1}
        />
        <DeleteButton
          id={id}
          intent={`${list}-delete`}
          question={question}
          consequence={consequence}
          describedBy={titleId}
        />
      </div>
    </li>
  );
}

import { useAdminWrite } from './use-admin-write.tsx';

interface MoveButtonsProps {
  /** The page action's write that moves an item of this list. */
  intent: string;
  id: string;
  version: number;
  /** What the item is called, read after 'Move up' by assistive technology ('Move up: Computer Science'). */
  itemName: string;
  isFirst: boolean;
  isLast: boolean;
}

/**
 * Moves one item of a content list up or down: each button is a real form posted to the page's action
 * (so it works without JavaScript), carrying the section's version, so a move made from a stale list is
 * refused like any other stale save.
 */
export function MoveButtons({ intent, id, version, itemName, isFirst, isLast }: MoveButtonsProps) {
  const { fetcher, busy } = useAdminWrite();
  const moves = [
    { move: 'up', label: 'Move up', disabled: isFirst },
    { move: 'down', label: 'Move down', disabled: isLast },
  ] as const;
  return (
    <>
      {moves.map(({ move, label, disabled }) => (
        <fetcher.Form key={move} method="post" className="move-button">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="move" value={move} />
          <button
            type="submit"
            className="button button--small"
            aria-label={`${label}: ${itemName}`}
            disabled={disabled || busy}
          >
            {label}
          </button>
        </fetcher.Form>
      ))}
    </>
  );
}

import { type PointerEvent, useState } from 'react';

/** The order with `id` put where `over` stands. */
export function moveTo(order: string[], id: string, over: string): string[] {
  const from = order.indexOf(id);
  const to = order.indexOf(over);
  if (from < 0 || to < 0 || from === to) return order;
  const next = order.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

/**
 * Reordering a list by dragging a handle with pointer events (mouse, pen and touch alike): the item follows
 * the pointer over the other items (each marked `data-order-id`), and on release `onDrop` gets the new
 * order, which the page posts; the server decides, and the list shows the stored order once the page has
 * reloaded its data. A cancelled drag (a phone's scroll taking over, Esc) puts the list back as it was.
 * The handle needs `touch-action: none`, or a phone scrolls instead of dragging.
 */
export function useDragOrder(ids: string[], onDrop: (order: string[]) => void) {
  const stored = ids.join(' ');
  // The dragged order holds while the stored one it started from is the page's; new data replaces it.
  const [dragged, setDragged] = useState<{ from: string; order: string[] } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const order = dragged?.from === stored ? dragged.order : ids;
  const setOrder = (next: (current: string[]) => string[]) =>
    setDragged((d) => ({ from: stored, order: next(d?.from === stored ? d.order : ids) }));

  function handleProps(id: string) {
    return {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        setDragging(id);
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        if (dragging !== id) return;
        const over = document
          .elementFromPoint(event.clientX, event.clientY)
          ?.closest('[data-order-id]')
          ?.getAttribute('data-order-id');
        if (over && over !== id) setOrder((current) => moveTo(current, id, over));
      },
      onPointerUp() {
        if (dragging !== id) return;
        setDragging(null);
        if (order.join(' ') !== stored) onDrop(order);
      },
      onPointerCancel() {
        setDragging(null);
        setDragged(null);
      },
    };
  }

  /** Shows the stored order again (the server refused the dragged one). */
  const reset = () => setDragged(null);
  return { order, dragging, handleProps, reset };
}

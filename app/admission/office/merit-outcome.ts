/**
 * The merit list's outcomes in the office's words. Open seats are filled first down the whole list, so a
 * scholarship candidate ranked high enough holds an open seat on merit and leaves the category's scholarship
 * seats to the next of the category; the words say so, rather than 'open seat' beside '0 of 4 filled'.
 */

interface Entry {
  outcome: 'offered' | 'waitlisted' | 'not-selected';
  seat: string | null;
  categoryId: string | null;
  waitlistPosition: number | null;
  reason: 'absent' | 'no-marks' | 'below-pass-mark' | null;
}

/** 'Offered (open seat)', 'Offered (Dalit)', 'Waiting list, 2', 'Not selected (absent)'… */
export function meritOutcomeText(
  e: Entry,
  scholarship: Readonly<Record<string, number>>,
  categoryName: (id: string) => string,
): string {
  if (e.outcome === 'offered') {
    if (e.seat && e.seat !== 'open') return `Offered (${categoryName(e.seat)} scholarship seat)`;
    return e.categoryId && (scholarship[e.categoryId] ?? 0) > 0
      ? 'Offered (open seat, on merit; scholarship seats kept for the next)'
      : 'Offered (open seat)';
  }
  if (e.outcome === 'waitlisted') return `Waiting list, ${e.waitlistPosition}`;
  const reason = e.reason === 'below-pass-mark' ? 'below the pass mark' : e.reason === 'absent' ? 'absent' : 'no marks';
  return `Not selected (${reason})`;
}

/**
 * One category's scholarship seats: how many its candidates fill, and how many of its candidates hold an open
 * seat on merit instead ('Dalit: 0 of 4 scholarship seats filled; 1 of the category holds an open seat on
 * merit'). Seats no candidate of the category takes go to the open list.
 */
export function scholarshipSeatsText(
  name: string,
  seats: number,
  entries: readonly Entry[],
  categoryId: string,
): string {
  const offered = entries.filter((e) => e.outcome === 'offered' && e.categoryId === categoryId);
  const filled = offered.filter((e) => e.seat === categoryId).length;
  const onMerit = offered.filter((e) => e.seat === 'open').length;
  const merit =
    onMerit === 0 ? '' : `; ${onMerit} of the category ${onMerit === 1 ? 'holds' : 'hold'} an open seat on merit`;
  const left = seats - filled;
  const rest = left > 0 ? `; the ${left} not taken by the category ${left === 1 ? 'goes' : 'go'} to the open list` : '';
  return `${name}: ${filled} of ${seats} scholarship seats filled${merit}${rest}`;
}

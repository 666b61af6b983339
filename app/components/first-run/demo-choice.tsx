/** The first owner's choice: the radio's name and its value for 'Start empty'. */
export const DEMO_CHOICE = 'demo';
export const START_EMPTY = 'remove';

/** 'Start empty' or 'Keep the demo': the demo stays unless the owner chooses otherwise (owners can remove it later). */
export function DemoChoice({ startEmpty, words }: { startEmpty: boolean; words: string }) {
  return (
    <div className="welcome-choice">
      <label className="welcome-choice__option">
        <input type="radio" name={DEMO_CHOICE} value={START_EMPTY} defaultChecked={startEmpty} />
        <span>
          <strong>Start empty</strong>: remove the demo now ({words}): its notices and photos, with the demo
          college&rsquo;s texts, people, address, phones and prospectus. What you typed above stays.
        </span>
      </label>
      <label className="welcome-choice__option">
        <input type="radio" name={DEMO_CHOICE} value="keep" defaultChecked={!startEmpty} />
        <span>
          <strong>Keep the demo to look around</strong>: remove it later from Today&rsquo;s setup list.
        </span>
      </label>
    </div>
  );
}

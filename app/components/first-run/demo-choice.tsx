import type { Catalogue } from '#common/i18n/catalogue.ts';

/** The first owner's choice: the radio's name and its value for 'Start empty'. */
export const DEMO_CHOICE = 'demo';
export const START_EMPTY = 'remove';

type Words = Catalogue['firstRun'];

/** 'Start empty' or 'Keep the demo': the demo stays unless the owner chooses otherwise (owners can remove it later). */
export function DemoChoice({ startEmpty, counted, words }: { startEmpty: boolean; counted: string; words: Words }) {
  return (
    <div className="welcome-choice">
      <label className="welcome-choice__option">
        <input type="radio" name={DEMO_CHOICE} value={START_EMPTY} defaultChecked={startEmpty} />
        <span>
          <strong>{words.startEmpty}</strong>
          {words.startEmptyHint(counted)}
        </span>
      </label>
      <label className="welcome-choice__option">
        <input type="radio" name={DEMO_CHOICE} value="keep" defaultChecked={!startEmpty} />
        <span>
          <strong>{words.keepDemo}</strong>
          {words.keepDemoHint}
        </span>
      </label>
    </div>
  );
}

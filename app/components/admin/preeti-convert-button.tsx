import { useState } from 'react';
import { preetiToUnicode } from '#common/i18n/preeti.ts';
import { useHydrated } from '#app/lib/admin/admin-hydrated.ts';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

function isTextControl(element: Element | null): element is TextControl {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
}

/**
 * Puts `text` in a field as if it had been typed: React's own value tracker must see the change, so the
 * native setter is used and an input event is sent (a controlled field's onChange and any draft keeping then
 * follow, and the form posts the converted text).
 */
function typeInto(control: TextControl, text: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set;
  if (setter) setter.call(control, text);
  else control.value = text;
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

interface PreetiConvertButtonProps {
  /** The `id` of the input or textarea to convert. */
  fieldId: string;
  /**
   * Where the page can convert without script: the intent the button then posts the form with (its action
   * sends the form back with the field converted). Without it, the button is shown only once the page runs.
   */
  intent?: string;
  /** What the button says it did when the page was sent back converted (JavaScript off). */
  initialNote?: string;
}

/**
 * 'Convert from Preeti', to put beside a Nepali text field: text typed in the legacy Preeti font and pasted
 * here is Latin letters ('g]kfn'); the button replaces the field's text with its Unicode Devanagari
 * ('नेपाल'), and says what it did. With script it converts in place; without, only where the page's action
 * can do it (`intent`), else it is not shown (paste text already in Unicode).
 */
export function PreetiConvertButton({ fieldId, intent, initialNote = '' }: PreetiConvertButtonProps) {
  const hydrated = useHydrated();
  const [note, setNote] = useState(initialNote);
  if (!hydrated && !intent) return null;

  const convert = () => {
    const control = document.getElementById(fieldId);
    if (!isTextControl(control)) return;
    if (control.value.trim() === '') {
      setNote('There is no text to convert.');
    } else {
      typeInto(control, preetiToUnicode(control.value));
      setNote('Converted from Preeti to Unicode.');
    }
    control.focus();
  };

  return (
    <span className="preeti-convert">
      {hydrated ? (
        <button type="button" className="button preeti-convert__button" aria-controls={fieldId} onClick={convert}>
          Convert from Preeti
        </button>
      ) : (
        // Posts the form as typed; the page comes back with this field converted and nothing saved.
        <button
          type="submit"
          className="button preeti-convert__button"
          name="intent"
          value={intent}
          aria-controls={fieldId}
          formNoValidate
        >
          Convert from Preeti
        </button>
      )}
      <span role="status" className="preeti-convert__note">
        {note}
      </span>
    </span>
  );
}

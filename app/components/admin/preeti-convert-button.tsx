import { useState } from 'react';
import { preetiToUnicode } from '#common/i18n/preeti.ts';
import { useHydrated } from '#app/lib/admin-hydrated.ts';

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

/**
 * 'Convert from Preeti', to put beside a Nepali text field: text typed in the legacy Preeti font and pasted
 * here is Latin letters ('g]kfn'); the button replaces the field's text with its Unicode Devanagari
 * ('नेपाल'), and says what it did. Give it the `id` of the input or textarea. The button needs script, so it
 * is shown only once the page runs (without script, paste text already in Unicode).
 */
export function PreetiConvertButton({ fieldId }: { fieldId: string }) {
  const hydrated = useHydrated();
  const [note, setNote] = useState('');
  if (!hydrated) return null;

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
      <button type="button" className="button preeti-convert__button" aria-controls={fieldId} onClick={convert}>
        Convert from Preeti
      </button>
      <span role="status" className="preeti-convert__note">
        {note}
      </span>
    </span>
  );
}

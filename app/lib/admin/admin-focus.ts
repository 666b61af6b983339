import type { FieldErrors } from './admin-result.ts';

/**
 * Moves the focus to the first control of a form (in the form's order) whose field was refused. A control that
 * is one part of a field (a B.S. date's day) names its field in data-field.
 */
export function focusFirstRefused(form: HTMLFormElement, errors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('data-field') ?? element.getAttribute('name');
    if (name && errors[name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

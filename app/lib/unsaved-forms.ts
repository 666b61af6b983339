/**
 * What an admin form holds, to tell whether it has changes not yet saved: its text fields, choices and
 * ticks as name=value lines (files left out: a chosen file is not an edit the page could keep anyway).
 */
export function formSnapshot(source: HTMLFormElement | FormData, only?: ReadonlySet<string>): string {
  const data = source instanceof FormData ? source : new FormData(source);
  const lines: string[] = [];
  for (const [name, value] of data) {
    if (typeof value !== 'string') continue;
    if (only && !only.has(name)) continue;
    lines.push(`${name}=${value}`);
  }
  return lines.join('\n');
}

/** The names of a form's own fields (a submission also carries its button's name). */
export function fieldNames(form: HTMLFormElement): Set<string> {
  return new Set([...new FormData(form).keys()]);
}

/**
 * The forms of one page and what each held when the admin first touched it (a form never touched has no
 * changes), so that leaving can ask first. A form whose write succeeded starts again from what it saved.
 */
export class UnsavedForms {
  private readonly loaded = new WeakMap<HTMLFormElement, string>();

  /** Only forms that write (method post): a search box or a list's filters hold nothing to lose. */
  static tracks(form: HTMLFormElement): boolean {
    return form.method.toLowerCase() === 'post';
  }

  /** Remembers what the form holds now, the first time the admin reaches into it. */
  touch(form: HTMLFormElement): void {
    if (UnsavedForms.tracks(form) && !this.loaded.has(form)) this.loaded.set(form, formSnapshot(form));
  }

  /** Whether any of these forms now holds something other than what it held when first touched. */
  anyChanged(forms: Iterable<HTMLFormElement>): boolean {
    for (const form of forms) {
      const loaded = this.loaded.get(form);
      if (loaded !== undefined && formSnapshot(form) !== loaded) return true;
    }
    return false;
  }

  /** A write succeeded with `sent`: every form that holds exactly what was sent starts again from it. */
  saved(forms: Iterable<HTMLFormElement>, sent: FormData): void {
    for (const form of forms) {
      if (!this.loaded.has(form)) continue;
      const now = formSnapshot(form);
      if (now === formSnapshot(sent, fieldNames(form))) this.loaded.set(form, now);
    }
  }
}

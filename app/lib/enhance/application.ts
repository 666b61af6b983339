/**
 * The application pages' enhancement, loaded by the site script only where it is needed (after the first
 * paint): the confirmation's Print button and the Preeti → Unicode button at once; the eligibility warning as
 * grades are chosen, the A.D. date of the B.S. date of birth and the check of each file as it is chosen from a
 * second chunk, fetched when the visitor first reaches into a form, and the Preeti table at the button's first
 * click, so the page's first load stays within its budget. The server checks and answers everything without it.
 */

function addPreetiButtons(form: HTMLFormElement): void {
  for (const slot of form.querySelectorAll<HTMLElement>('[data-preeti-for]')) {
    const input = document.getElementById(slot.dataset.preetiFor ?? '') as HTMLInputElement | null;
    if (!input) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'btn btn--small';
    button.textContent = slot.dataset.preetiLabel ?? 'Preeti';
    // The Preeti table is a chunk of its own, fetched at the first click: most names are typed in Unicode.
    button.addEventListener('click', () => {
      void import('#common/i18n/preeti.ts').then(({ preetiToUnicode }) => {
        input.value = preetiToUnicode(input.value);
        input.focus();
      });
    });
    slot.append(button);
  }
}

export function enhanceApplication(): void {
  const lang = document.documentElement.lang === 'ne' ? 'ne' : 'en';
  for (const form of document.querySelectorAll<HTMLFormElement>(
    'form[data-application-form], form[data-correction-form], form[data-document-form], form.apply-lookup',
  )) {
    if (form.matches('[data-application-form]')) addPreetiButtons(form);
    let live: Promise<void> | undefined;
    const liven = () => void (live ??= import('./application-live.ts').then((m) => m.liven(form, lang)));
    form.addEventListener('focusin', liven, { once: true });
    // A file can be chosen without the form taking focus (dropped on the input): its check comes with the chunk.
    form.addEventListener('change', liven, { once: true });
  }
  fillLookupFromAddress();
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-print]')) {
    button.hidden = false;
    button.addEventListener('click', () => window.print());
  }
}

/**
 * The confirmation's QR code opens the status page with the reference and the access key after '#': a part of
 * the address the browser never sends, so neither reaches a server's log. They are written into the look-up
 * form and taken out of the address (and so out of the history) at once.
 */
function fillLookupFromAddress(): void {
  const form = document.querySelector<HTMLFormElement>('form.apply-lookup');
  const found = /^#ref=([A-Za-z0-9-]{1,20})&key=([A-Za-z0-9-]{1,40})$/u.exec(window.location.hash);
  if (!form || !found) return;
  const set = (name: string, value: string) => {
    const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (input) input.value = value;
  };
  set('reference', found[1]!);
  set('access_key', found[2]!);
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
}

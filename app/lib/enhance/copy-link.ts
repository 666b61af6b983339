/**
 * The 'Copy link' button of a notice's share box: hidden in the HTML (without script the address is shown
 * as text to select), revealed here. A click puts the address on the clipboard and says so in the box's
 * status line; where the clipboard is refused (an insecure address, an old browser), the address is
 * selected instead for the visitor to copy. Its words come from the button's data attributes.
 */
export function enhanceCopyLinks(): void {
  for (const box of document.querySelectorAll<HTMLElement>('[data-copy-link]')) {
    const button = box.querySelector<HTMLButtonElement>('[data-copy-button]');
    const text = box.querySelector<HTMLElement>('[data-copy-text]');
    const status = box.querySelector<HTMLElement>('[data-copy-status]');
    if (!button || !text || !status) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      const url = text.textContent ?? '';
      const copied = navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'));
      copied.then(
        () => {
          status.textContent = button.dataset.copied ?? '';
        },
        () => {
          window.getSelection()?.selectAllChildren(text);
          status.textContent = button.dataset.copyFailed ?? '';
        },
      );
    });
  }
}

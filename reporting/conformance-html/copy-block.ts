// A preformatted block with a Copy button, for the curl reproductions and replay scripts. A page
// opened from disk may be refused the clipboard, so the button then selects the text for Ctrl+C instead.
import { escapeHtml } from '../page-kit/format.ts';

/** `kind`: a curl command, or a replay script (its own class, so a card's pre.curl stays its one curl). */
export function copyBlock(id: string, text: string, caption: string, kind: 'curl' | 'replay-script' = 'curl'): string {
  return `<div class="copy-block"><div class="copy-head"><span>${escapeHtml(caption)}</span><button type="button" class="copy" data-copy="${escapeHtml(id)}">Copy</button></div><pre class="${kind}" id="${escapeHtml(id)}">${escapeHtml(text)}</pre></div>`;
}

/** Runs in the page: one listener for every Copy button. */
export const copyScript = String.raw`
document.addEventListener('click', (event) => {
  const button = event.target.closest('button.copy');
  if (!button) return;
  const block = document.getElementById(button.dataset.copy);
  const done = (words) => {
    button.textContent = words;
    setTimeout(() => { button.textContent = 'Copy'; }, 2500);
  };
  const select = () => {
    const range = document.createRange();
    range.selectNodeContents(block);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    done('Selected: press Ctrl+C');
  };
  if (!navigator.clipboard) return select();
  navigator.clipboard.writeText(block.textContent).then(() => done('Copied'), select);
});
`;

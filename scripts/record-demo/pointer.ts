import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * A visible pointer for the recording: headless Chromium paints no cursor, so a viewer would see
 * fields fill and pages change with nothing pointing at them. This init script draws a dot at the
 * mouse position and a ring on each press, in an element of its own name (no page stylesheet
 * targets it; the demo page's hostile CSS hides plain divs) styled through the CSSOM (allowed
 * under the demo page's strict style-src).
 */
const DRAW_POINTER = `(() => {
  const install = () => {
    if (document.querySelector('docent-demo-pointer')) return;
    const dot = document.createElement('docent-demo-pointer');
    const styles = {
      position: 'fixed', left: '-40px', top: '-40px', width: '20px', height: '20px', margin: '-10px 0 0 -10px',
      'border-radius': '50%', background: 'rgba(17, 24, 39, 0.55)', border: '2px solid #fff',
      'box-shadow': '0 1px 4px rgba(0,0,0,.4)', 'z-index': '2147483647', 'pointer-events': 'none',
      display: 'block', transition: 'transform 120ms ease-out',
    };
    for (const [k, v] of Object.entries(styles)) dot.style.setProperty(k, v, 'important');
    document.documentElement.appendChild(dot);
    addEventListener('mousemove', (e) => {
      // Last in <body>, so it is drawn above what the page added since (the widget's host).
      if (document.body && document.body.lastElementChild !== dot) document.body.appendChild(dot);
      dot.style.setProperty('left', e.clientX + 'px', 'important');
      dot.style.setProperty('top', e.clientY + 'px', 'important');
    }, true);
    addEventListener('mousedown', () => dot.style.setProperty('transform', 'scale(0.7)', 'important'), true);
    addEventListener('mouseup', () => dot.style.setProperty('transform', 'scale(1)', 'important'), true);
  };
  if (document.documentElement) install();
  else addEventListener('DOMContentLoaded', install);
})();`;

export async function installPointer(context: BrowserContext): Promise<void> {
  // A string, not a function: tsx wraps functions in a __name() helper the page does not have.
  await context.addInitScript({ content: DRAW_POINTER });
}

/** Where the mouse is (the pointer starts each page where it last was). */
const last = new WeakMap<Page, { x: number; y: number }>();

/** Glides the pointer to the middle of `target`, as a hand would, so the viewer can follow it. */
export async function glideTo(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`glideTo: ${target.toString()} has no box`);
  const to = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const from = last.get(page) ?? { x: to.x - 120, y: to.y + 80 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.move(to.x, to.y, { steps: 18 });
  last.set(page, to);
}

/** Glides to `target`, lingers a moment, and clicks it. */
export async function clickSlowly(page: Page, target: Locator): Promise<void> {
  await glideTo(page, target);
  await page.waitForTimeout(300);
  await target.click();
}

/** Clicks a field and types into it at a readable pace. */
export async function typeSlowly(page: Page, field: Locator, text: string): Promise<void> {
  await clickSlowly(page, field);
  await field.fill('');
  await field.pressSequentially(text, { delay: 45 });
}

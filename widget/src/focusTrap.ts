const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable elements inside container that are not hidden. */
export function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]') && !el.closest('[inert]'));
}

/** The element that has focus inside the container's (shadow) root. */
export function activeIn(container: HTMLElement): Element | null {
  const root = container.getRootNode() as Document | ShadowRoot;
  return root.activeElement ?? null;
}

/** Keeps Tab and Shift+Tab cycling inside container; returns true when it moved focus. */
export function trapTab(e: KeyboardEvent, container: HTMLElement): boolean {
  if (e.key !== 'Tab') return false;
  const items = focusables(container);
  if (!items.length) return false;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = activeIn(container);
  const inside = !!active && container.contains(active);
  if (e.shiftKey && (active === first || !inside)) {
    e.preventDefault();
    last.focus();
    return true;
  }
  if (!e.shiftKey && (active === last || !inside)) {
    e.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

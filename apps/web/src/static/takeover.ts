/**
 * The app taking over a page the build prerendered (static/page.ts): the prerendered copy in
 * #static was on screen while the app loaded; the app has now rendered the same screen into #root.
 * What the visitor did meanwhile carries over: text typed into the fields, the focus and caret, a
 * form sent or a button pressed (held by the page's inline script); then the copy goes.
 */

/** The element's place in its container: the child index at each level down. */
function pathOf(element: Element, container: Element): number[] | null {
  const path: number[] = [];
  let node: Element | null = element;
  while (node && node !== container) {
    const parent: Element | null = node.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return node === container ? path : null;
}

/** The element at the same place in the other copy, if it is the same kind of element there. */
function twinOf<T extends Element>(element: T, from: Element, to: Element): T | null {
  const path = pathOf(element, from);
  if (!path) return null;
  let node: Element | undefined = to;
  for (const index of path) node = node?.children[index];
  return node && node.tagName === element.tagName ? (node as T) : null;
}

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/** Types `value` into an input the app controls: React hears it as the person's input. */
function typeInto(input: HTMLInputElement, value: string) {
  setValue?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The app shows a screen: something besides a live region (the toaster) is in its element. */
const showsScreen = (app: HTMLElement) =>
  Array.from(app.children).some((child) => !child.hasAttribute('aria-live'));
/** How long the copy waits for an app that shows nothing yet. */
const PATIENCE_MS = 5000;

/**
 * Moves what happened on the prerendered copy to the app's screen and removes the copy. While the
 * app shows no screen yet (a route that renders nothing until it is ready), the copy waits for it.
 */
export function takeOver(copy: HTMLElement, app: HTMLElement) {
  if (!showsScreen(app)) {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      replace(copy, app);
    };
    const observer = new MutationObserver(() => {
      if (showsScreen(app)) done();
    });
    const timer = setTimeout(done, PATIENCE_MS);
    observer.observe(app, { childList: true });
    return;
  }
  replace(copy, app);
}

function replace(copy: HTMLElement, app: HTMLElement) {
  const focused = document.activeElement;
  for (const input of copy.querySelectorAll('input')) {
    if (!input.value || input.type === 'hidden' || input.type === 'checkbox' || input.type === 'radio')
      continue;
    const twin = twinOf(input, copy, app);
    if (twin && twin.value !== input.value) typeInto(twin, input.value);
  }
  let focusTwin: HTMLElement | null = null;
  if (focused instanceof HTMLElement && focused !== copy && copy.contains(focused)) {
    focusTwin = twinOf(focused, copy, app);
  }
  const caret =
    focused instanceof HTMLInputElement && focusTwin instanceof HTMLInputElement
      ? ([focused.selectionStart ?? null, focused.selectionEnd ?? null] as const)
      : null;
  const pressed = copy.querySelector('[data-pending="click"]');
  const sent = copy.querySelector<HTMLFormElement>('form[data-pending="submit"]');
  const pressedTwin = pressed ? twinOf(pressed, copy, app) : null;
  const sentTwin = sent ? twinOf(sent, copy, app) : null;

  copy.remove();
  for (const template of document.querySelectorAll('template[data-static-lang]')) template.remove();

  if (focusTwin) {
    focusTwin.focus();
    if (caret && focusTwin instanceof HTMLInputElement) {
      try {
        focusTwin.setSelectionRange(caret[0], caret[1]);
      } catch {
        // Inputs without a caret (email in some browsers): the focus is enough.
      }
    }
  }
  if (pressedTwin instanceof HTMLElement) pressedTwin.click();
  if (sentTwin) sentTwin.requestSubmit();
}

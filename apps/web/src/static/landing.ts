/**
 * The script of the prerendered /features (vite-prerender.ts): everything the landing does without
 * the app. About 1 kB instead of the app's 130 kB before the first screen (issue 14):
 * - the RU | EN switch swaps in the other language's copy of the page (kept in a <template>);
 * - language and theme changed in another tab follow (the storage event, as in the app);
 * - the bot's links appear when the server has a bot (auth.providers);
 * - a signed-in visitor's "get started" links lead to their groups (auth.me);
 * - the app's code is fetched when a link to it is about to be followed (as the app's links
 *   preload on intent), and the app itself takes over inside the Telegram mini app.
 * It imports nothing, so it stays one small file; the keys are the app's (test/static-landing.test.ts).
 */

export const LANGUAGE_KEY = 'dolya.lang';
export const THEME_KEY = 'dolya.theme';
/** Telegram's launch parameters in the address: the page was opened as the mini app. */
const MINI_APP_LAUNCH = /[#&?]tgWebApp/;
const USERNAME = /^[A-Za-z0-9_]{5,32}$/;

type Language = 'ru' | 'en';
const doc = document;
const html = doc.documentElement;
/** The page's content (static/page.ts); gone once the app takes over (see the end). */
const page = () => doc.getElementById('static');
/** The app's entry and first screens' files (vite-prerender.ts lists them in this meta tag). */
const appFiles = (doc.querySelector('meta[name="dolya-app"]')?.getAttribute('content') ?? '').split(' ');

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Every copy of the page: the one shown and the other language's, kept in a template. */
function copies(): ParentNode[] {
  const templates = doc.querySelectorAll<HTMLTemplateElement>('template[data-static-lang]');
  return [page() ?? doc, ...Array.from(templates, (template) => template.content)];
}

/** Shows the page in `language`: its copy comes out of its template, the shown one goes into one. */
function show(language: Language) {
  html.lang = language;
  const root = page();
  const shown = root?.dataset.staticLang;
  const next = doc.querySelector<HTMLTemplateElement>(`template[data-static-lang="${language}"]`);
  if (!root || !shown || shown === language || !next) return;
  const focused = doc.activeElement;
  const hadFocus = focused !== null && root.contains(focused) && focused.matches('button[lang]');
  const stash = doc.createElement('template');
  stash.dataset.staticLang = shown;
  stash.content.append(...Array.from(root.childNodes));
  next.replaceWith(stash);
  root.append(next.content);
  root.dataset.staticLang = language;
  if (hadFocus) root.querySelector<HTMLElement>(`button[lang="${language}"]`)?.focus();
}

const languageOf = (value: string | null | undefined): Language => (value === 'en' ? 'en' : 'ru');

doc.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('button[lang]');
  if (!button || !page()?.dataset.staticLang || !page()?.contains(button)) return;
  const language = languageOf(button.lang);
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
  show(language);
});

window.addEventListener('storage', (event) => {
  if (event.key === LANGUAGE_KEY) show(languageOf(stored(LANGUAGE_KEY)));
  if (event.key === THEME_KEY) html.dataset.theme = stored(THEME_KEY) === 'dark' ? 'dark' : 'light';
});

async function answer<T>(path: string): Promise<T | undefined> {
  const response = await fetch(`/trpc/${path}`, { credentials: 'include' });
  if (!response.ok) return undefined;
  const body = (await response.json()) as { result?: { data?: T } };
  return body.result?.data;
}

/** The bot's links, hidden as rendered, get the server's bot; without one they stay hidden. */
answer<{ telegram?: { botUsername?: string } | null }>('auth.providers')
  .then((providers) => {
    const bot = providers?.telegram?.botUsername;
    if (!bot || !USERNAME.test(bot)) return;
    for (const copy of copies()) {
      for (const link of copy.querySelectorAll<HTMLAnchorElement>('a[data-bot-link]')) {
        link.href = `https://t.me/${bot}`;
        link.style.removeProperty('display');
      }
    }
  })
  .catch(() => {});

/** A signed-in visitor: "get started" and "sign in" lead to the groups, named as the app names them. */
answer<{ id: string }>('auth.me')
  .then((user) => {
    if (!user) return;
    for (const copy of copies()) {
      for (const link of copy.querySelectorAll<HTMLAnchorElement>('a[data-open-app]')) {
        link.setAttribute('href', '/');
        const label = Array.from(link.childNodes).find((node) => node.nodeType === Node.TEXT_NODE);
        if (label) label.nodeValue = link.dataset.openApp ?? '';
      }
    }
  })
  .catch(() => {});

let preloaded = false;
/** The app's files, fetched once a link into the app is about to be followed. */
function preloadApp() {
  if (preloaded) return;
  preloaded = true;
  for (const file of appFiles) {
    if (!file) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    doc.head.append(link);
  }
}
for (const type of ['pointerover', 'focusin', 'touchstart']) {
  doc.addEventListener(
    type,
    (event) => {
      const link = (event.target as Element).closest?.('a[href^="/"]');
      if (link) preloadApp();
    },
    { passive: true },
  );
}

// Inside the mini app the app runs as it does on every other page: Telegram's colours, its session.
// The app renders the landing into #root and removes this page's copies when it is up (takeover.ts).
if (MINI_APP_LAUNCH.test(location.hash) || MINI_APP_LAUNCH.test(location.search)) {
  void import(/* @vite-ignore */ appFiles[0] ?? '');
}

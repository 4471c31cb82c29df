/**
 * The parts of the prerendered pages that are not React: how a page rendered at build time becomes
 * the body of dist/features.html and dist/login.html (vite-prerender.ts writes them; tests build the
 * same bodies). The page is rendered in both languages: the Russian copy in #static, the English one
 * in a template; the app, where it runs, renders into #root and then removes #static (takeover.ts).
 */

/** The bot's username in the rendered links; the landing's script fills in the server's (static/landing.ts). */
export const BOT_STAND_IN = '__dolya_bot__';

/**
 * Shows the stored language's copy before the first paint (the head's script has set <html lang>
 * from storage). Inline, so no request stands before the first paint; the server allows it by its
 * hash. static/landing.ts swaps the copies the same way when the language changes.
 */
const SHOW_LANGUAGE = `var d=document,r=d.getElementById('static'),l=d.documentElement.lang,t=d.querySelector('template[data-static-lang="'+l+'"]');if(t&&r.dataset.staticLang!==l){var s=d.createElement('template');s.dataset.staticLang=r.dataset.staticLang;s.content.append.apply(s.content,Array.from(r.childNodes));t.replaceWith(s);r.append(t.content);r.dataset.staticLang=l}`;

/**
 * On a page the app takes over (sign-in): a form sent or a button pressed before the app is in
 * does nothing by itself (a form would go out as a GET with the password in the address); it is
 * marked, and the app does it once it has taken over (takeover.ts).
 */
const HOLD_ACTIONS = `r.addEventListener('submit',function(e){e.preventDefault();e.target.setAttribute('data-pending','submit')},true);r.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('button');if(b&&b.type!=='submit'&&r.contains(b)){var p=r.querySelector('[data-pending=click]');if(p)p.removeAttribute('data-pending');b.setAttribute('data-pending','click')}},true)`;

/**
 * Inside Telegram the app signs in by itself (the mini app): the browser's sign-in page must not
 * flash there first. The same signs as lib/telegram/miniapp's openedInsideTelegram.
 */
const HIDE_IN_TELEGRAM = `try{if(/tgWebApp/.test(location.hash+location.search)||sessionStorage.getItem('dolya.tgWebAppData')||/\\bTelegram/i.test(navigator.userAgent))r.style.visibility='hidden'}catch(e){}`;

/** The inline script of each kind of page. */
export const INLINE_SCRIPT = {
  /** The landing: its own script (static/landing.ts) does the rest. */
  landing: `(function(){${SHOW_LANGUAGE}})()`,
  /** A page the app takes over. */
  app: `(function(){${SHOW_LANGUAGE};${HIDE_IN_TELEGRAM};${HOLD_ACTIONS}})()`,
} as const;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The landing in one language with the hooks of static/landing.ts: the bot's links hidden until the
 * server names its bot, the links into the app marked with the label they get for a signed-in visitor.
 */
export function withStaticHooks(html: string, texts: { openApp: string }): string {
  const bot = `href="https://t.me/${BOT_STAND_IN}"`;
  if (!html.includes(bot)) throw new Error('prerender: the bot links were not found');
  return html
    .replaceAll(bot, 'href="https://t.me/" data-bot-link="" style="display:none"')
    .replaceAll('href="/login"', `href="/login" data-open-app="${escapeAttribute(texts.openApp)}"`);
}

/**
 * Fetches the app once the first screen is painted (the next frame, or soon in a background tab
 * where frames wait): its entry as a module script and its other files as module preloads, all at
 * once. Until then the first screen has the network to itself.
 */
export function loadAppAfterPaint(files: readonly string[]): string {
  return `(function(f){var s=0;function go(){if(s)return;s=1;f.forEach(function(u,i){var e=document.createElement(i?'link':'script');if(i){e.rel='modulepreload'}else{e.type='module'}e.crossOrigin='';e[i?'href':'src']=u;document.head.append(e)})}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,300)})(${JSON.stringify(files)})`;
}

/**
 * A page's body: #root for the app, the Russian copy shown, the English one in a template, the
 * page's inline script, and the app's files (entry first) where the app takes the page over.
 */
export function staticBody(
  ru: string,
  en: string,
  kind: keyof typeof INLINE_SCRIPT,
  appFiles: readonly string[] = [],
): string {
  return [
    '<div id="root"></div>',
    `<div id="static" data-static-lang="ru">${ru}</div>`,
    `<template data-static-lang="en">${en}</template>`,
    `<script>${INLINE_SCRIPT[kind]}${appFiles.length ? `;${loadAppAfterPaint(appFiles)}` : ''}</script>`,
  ].join('\n    ');
}

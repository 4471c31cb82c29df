/**
 * The parts of the prerendered /features that are not React: how the rendered landing becomes the
 * page's body (vite-prerender.ts writes it; test/static-landing.test.ts builds the same body).
 */

/** The bot's username in the rendered links; the page's script fills in the server's (static/landing.ts). */
export const BOT_STAND_IN = '__dolya_bot__';

/**
 * The script that shows the stored language's copy before the first paint: the page is rendered
 * in Russian, the other language waits in a template (static/landing.ts swaps them later too).
 * Inline, so no request stands before the first paint; the server allows it by its hash.
 */
export const SHOW_LANGUAGE = `(function(){var d=document,r=d.getElementById('root'),l=d.documentElement.lang,t=d.querySelector('template[data-static-lang="'+l+'"]');if(!t||r.dataset.staticLang===l)return;var s=d.createElement('template');s.dataset.staticLang=r.dataset.staticLang;s.content.append.apply(s.content,Array.from(r.childNodes));t.replaceWith(s);r.append(t.content);r.dataset.staticLang=l})()`;

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

/** The page's body: the Russian copy shown, the English one in a template, the script that picks. */
export function staticBody(ru: string, en: string): string {
  return [
    `<div id="root" data-static-lang="ru">${ru}</div>`,
    `<template data-static-lang="en">${en}</template>`,
    `<script>${SHOW_LANGUAGE}</script>`,
  ].join('\n    ');
}

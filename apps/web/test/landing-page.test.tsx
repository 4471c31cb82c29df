import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from '../src/features/landing/LandingPage';
import { readBotUsername } from '../src/features/landing/useBotUsername';
import { i18n, type Language } from '../src/i18n';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { setSessionUser } from '../src/lib/session';
import { queryClient } from '../src/lib/trpc';
import { renderAt } from './invites-harness';

const RESOURCES = { ru, en } as const;

/** The server's answer to GET /trpc/auth.providers (a single, unbatched call). */
function stubProviders(botUsername: string | null) {
  const fetch = vi.fn(async (url: string) => {
    if (url !== '/trpc/auth.providers') return new Response('{}', { status: 404 });
    const telegram = botUsername === null ? null : { botUsername };
    return Response.json({ result: { data: { google: false, yandex: false, telegram, passkey: true } } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function open(language: Language, { signedIn = false, bot = null as string | null } = {}) {
  await i18n.changeLanguage(language);
  setSessionUser(
    signedIn
      ? { id: 'me', name: 'Me', username: 'me', email: 'me@example.com', telegramUsername: null }
      : null,
  );
  const fetch = stubProviders(bot);
  renderAt('/features', '/features', () => <LandingPage />);
  await screen.findByRole('heading', { level: 1 });
  // The bot look-up settles before the assertions.
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  await act(async () => {});
  return RESOURCES[language].landing;
}

/** Text with Intl's no-break spaces read as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('/features', () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  for (const language of ['ru', 'en'] as const) {
    describe(`in ${language === 'ru' ? 'Russian' : 'English'}`, () => {
      it('has the spec’s sections in order, each a region named by its heading', async () => {
        const t = await open(language);
        expect(screen.getByRole('heading', { level: 1, name: t.heroTitle })).toBeTruthy();
        const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
        expect(regions).toEqual([
          'hero-title',
          'how-title',
          'cases-title',
          'ai-title',
          'telegram-title',
          'manual-title',
          'why-title',
          'cta-title',
        ]);
        for (const title of [
          t.howTitle,
          t.casesTitle,
          t.aiTitle,
          t.botTitle,
          t.manualTitle,
          t.whyTitle,
          t.ctaTitle,
        ]) {
          const heading = screen.getByRole('heading', { level: 2, name: title });
          expect(screen.getByRole('region', { name: title }).contains(heading)).toBe(true);
        }
        expect(screen.getByRole('banner')).toBeTruthy();
        expect(screen.getByRole('main')).toBeTruthy();
        expect(screen.getByRole('contentinfo')).toBeTruthy();
      });

      it('names three steps, three use cases and six reasons', async () => {
        const t = await open(language);
        const how = screen.getByRole('region', { name: t.howTitle });
        expect(
          within(how)
            .getAllByRole('heading', { level: 3 })
            .map((h) => h.textContent),
        ).toEqual([t.step1Title, t.step2Title, t.step3Title]);
        const cases = screen.getByRole('region', { name: t.casesTitle });
        expect(
          within(cases)
            .getAllByRole('heading', { level: 3 })
            .map((h) => h.textContent),
        ).toEqual([t.couplesTitle, t.friendsTitle, t.colleaguesTitle]);
        const why = screen.getByRole('region', { name: t.whyTitle });
        expect(within(why).getAllByRole('heading', { level: 3 })).toHaveLength(6);
      });

      it('sends a visitor to sign in from every get-started link', async () => {
        const t = await open(language);
        const links = screen.getAllByRole('link', { name: t.getStarted });
        expect(links).toHaveLength(3); // header, hero, call to action
        for (const link of links) expect(link.getAttribute('href')).toBe('/login');
        const footer = screen.getByRole('contentinfo');
        expect(within(footer).getByRole('link', { name: t.footerSignIn }).getAttribute('href')).toBe(
          '/login',
        );
      });

      it('promises only what the app does: the sign-in methods /login always offers, the API with its docs', async () => {
        const t = await open(language);
        // Google, Yandex and Telegram depend on the server's setup; email and passkey are always there.
        const text = document.body.textContent ?? '';
        expect(text).not.toMatch(/Google|Yandex|Яндекс/);
        expect(plain(t.heroNote)).not.toMatch(/Telegram/);
        const why = screen.getByRole('region', { name: t.whyTitle });
        expect(within(why).getByRole('link', { name: t.whyOpenDocs }).getAttribute('href')).toBe('/api/docs');
        const footer = screen.getByRole('contentinfo');
        expect(within(footer).getByRole('link', { name: t.footerApi }).getAttribute('href')).toBe(
          '/api/docs',
        );
        for (const section of [t.howTitle, t.casesTitle, t.whyTitle]) {
          expect(within(footer).getByRole('link', { name: section }).getAttribute('href')).toMatch(/^#/);
        }
      });

      it('takes a signed-in visitor straight to the groups', async () => {
        const t = await open(language, { signedIn: true });
        expect(screen.queryByRole('link', { name: t.getStarted })).toBeNull();
        const links = screen.getAllByRole('link', { name: t.openApp });
        expect(links).toHaveLength(4); // header, hero, call to action, footer
        for (const link of links) expect(link.getAttribute('href')).toBe('/');
      });
    });
  }

  it('shows the bot’s draft word for word, as a conversation screen readers can follow', async () => {
    await open('ru');
    const chat = screen.getByRole('figure', { name: ru.landing.chatLabel });
    const messages = within(chat)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(messages).toHaveLength(3);
    const [mine, draft, saved] = messages.map((message) => plain(message.textContent));
    expect(mine).toMatch(/^Вы: пицца 1200 я, Аня, Боря/);
    expect(draft).toMatch(/^Доля: «Пицца» — 1 200,00 ₽/);
    expect(draft).toContain('Кто платил: Демо');
    expect(draft).toContain('Делят: Демо 400,00 ₽ · Аня 400,00 ₽ · Боря 400,00 ₽');
    expect(saved).toMatch(/^Доля: ✅ Сохранено в «Поездка в Казань»/);
    const buttons = within(chat).getByRole('list', { name: ru.landing.chatButtons });
    expect(
      within(buttons)
        .getAllByRole('listitem')
        .map((key) => key.textContent),
    ).toEqual(['✅ Сохранить', '✏️ Изменить', '✖️ Отмена']);
  });

  it('shows the English draft in euros', async () => {
    await open('en');
    const chat = screen.getByRole('figure', { name: en.landing.chatLabel });
    const text = plain(chat.textContent);
    expect(text).toContain('pizza 36 me, Anna, Bob');
    expect(text).toContain('“Pizza” — €36.00');
    expect(text).toContain('Paid by: Demo');
    expect(text).toContain('Shared by: Demo €12.00 · Anna €12.00 · Bob €12.00');
    expect(text).toContain('✅ Save✏️ Edit✖️ Cancel');
    expect(text).toContain('✅ Saved to “Trip to Kazan”');
  });

  it('hides the drawn screens from screen readers and describes them instead', async () => {
    await open('en');
    // The group screen, the chat and the expense form: each has a caption.
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(3);
    for (const figure of figures) expect(figure.querySelector('figcaption')?.textContent).toBeTruthy();
    expect(screen.getByText(/Anna owes you €63\.00 and Bob owes you €87\.00/)).toBeTruthy();
    expect(screen.getByText(/split in percentages — 50, 25 and 25/)).toBeTruthy();
    for (const svg of document.querySelectorAll('svg')) {
      expect(svg.closest('[aria-hidden="true"]'), svg.outerHTML.slice(0, 60)).not.toBeNull();
    }
  });

  it('shows no Russian in English', async () => {
    await open('en');
    expect(document.body.textContent).not.toMatch(/[а-яё]/i);
  });

  it('links the Telegram bot when the server has one, and leaves it out otherwise', async () => {
    await open('en', { bot: 'dolya_bot' });
    const botLinks = screen.getAllByRole('link', { name: /Open the bot|Telegram bot/ });
    expect(botLinks).toHaveLength(2);
    for (const link of botLinks) expect(link.getAttribute('href')).toBe('https://t.me/dolya_bot');
    cleanup();
    await open('en', { bot: null });
    expect(screen.queryByRole('link', { name: /Open the bot|Telegram bot/ })).toBeNull();
  });
});

describe('reading the bot from auth.providers', () => {
  it('takes a valid username only', () => {
    const answer = (telegram: unknown) => ({ result: { data: { telegram } } });
    expect(readBotUsername(answer({ botUsername: 'dolya_bot' }))).toBe('dolya_bot');
    expect(readBotUsername(answer(null))).toBeNull();
    expect(readBotUsername(answer({ botUsername: '' }))).toBeNull();
    expect(readBotUsername(answer({ botUsername: 'x/../evil' }))).toBeNull();
    expect(readBotUsername(null)).toBeNull();
    expect(readBotUsername({ error: {} })).toBeNull();
  });
});

describe('landing texts', () => {
  it('have the same keys in Russian and English, none empty', () => {
    expect(Object.keys(en.landing).sort()).toEqual(Object.keys(ru.landing).sort());
    for (const text of [...Object.values(ru.landing), ...Object.values(en.landing)])
      expect(text.trim()).not.toBe('');
  });

  it('use every landing key on the page', async () => {
    const source = import.meta.glob<string>('../src/features/landing/*.{ts,tsx}', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const code = Object.values(source).join('\n');
    const unused = Object.keys(ru.landing).filter((key) => !code.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });
});

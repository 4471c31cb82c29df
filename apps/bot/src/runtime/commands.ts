import type { Bot } from 'grammy';
import type { BotContext } from '../context';
import { type Language, translator } from '../i18n';

const PRIVATE = ['start', 'help', 'group', 'balance', 'export', 'stop'] as const;
const GROUP = ['add', 'balance', 'export', 'connect', 'disconnect', 'help'] as const;

/** The command menus, in English for everyone and in Russian for Russian-speaking Telegram users. */
export async function registerCommands(bot: Bot<BotContext>) {
  const menus: [Language, 'ru' | undefined][] = [
    ['en', undefined],
    ['ru', 'ru'],
  ];
  for (const [language, languageCode] of menus) {
    const t = translator(language);
    const describe = (names: readonly (typeof PRIVATE | typeof GROUP)[number][]) =>
      names.map((command) => ({ command, description: t(`commands.${command}`) }));
    const lang = languageCode ? { language_code: languageCode } : {};
    await bot.api.setMyCommands(describe(PRIVATE), { scope: { type: 'all_private_chats' }, ...lang });
    await bot.api.setMyCommands(describe(GROUP), { scope: { type: 'all_group_chats' }, ...lang });
  }
}

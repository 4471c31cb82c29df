/** The updates the bot asks Telegram for; everything else is never sent to it. */
export const ALLOWED_UPDATES = ['message', 'callback_query'] as const;

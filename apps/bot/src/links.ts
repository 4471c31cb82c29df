/** Where the bot's buttons lead: pages of the web app, and t.me links to the bot and its mini app. */
export interface Links {
  /** False when Telegram would refuse a button to the web app (a localhost PUBLIC_URL in development). */
  webButtons: boolean;
  /** web_app buttons need https; over http the web app opens as a plain link. */
  webAppButtons: boolean;
  app(): string;
  group(groupId: string): string;
  editDraft(groupId: string, draftId: string): string;
  /** The mini app opened on the draft from any chat, when its short name is known. */
  miniAppDraft(draftId: string): string | undefined;
  /** The bot's private chat, started with a payload (`/start link`). */
  privateChat(payload: string): string;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

export function createLinks(publicUrl: string, botUsername: string, miniAppShortName?: string): Links {
  const url = new URL(publicUrl);
  const https = url.protocol === 'https:';
  return {
    webButtons: https || !LOCAL_HOSTS.has(url.hostname),
    webAppButtons: https,
    app: () => `${publicUrl}/`,
    group: (groupId) => `${publicUrl}/group/${groupId}`,
    editDraft: (groupId, draftId) => `${publicUrl}/group/${groupId}/new-expense?draft=${draftId}`,
    miniAppDraft: (draftId) =>
      miniAppShortName
        ? `https://t.me/${botUsername}/${miniAppShortName}?startapp=draft_${draftId}`
        : undefined,
    privateChat: (payload) => `https://t.me/${botUsername}?start=${payload}`,
  };
}

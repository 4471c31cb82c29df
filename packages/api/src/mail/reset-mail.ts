/** The languages mail is written in: the web app's (Russian by default). */
export const MAIL_LANGUAGES = ['ru', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Every text of the reset mail, in each language; {name} and {link} are filled in. */
const TEXTS = {
  ru: {
    subject: 'Сброс пароля в Доле',
    greeting: 'Здравствуйте, {name}!',
    body: 'Кто-то, возможно вы, попросил сбросить пароль вашего аккаунта в Доле. Чтобы задать новый пароль, откройте ссылку:',
    expiry: 'Ссылка работает один раз и в течение часа.',
    ignore: 'Если вы не просили сброс, просто не обращайте внимания на это письмо: пароль останется прежним.',
    button: 'Задать новый пароль',
  },
  en: {
    subject: 'Reset your Dolya password',
    greeting: 'Hello, {name}!',
    body: 'Someone, perhaps you, asked to reset the password of your Dolya account. To choose a new password, open this link:',
    expiry: 'The link works once, within an hour.',
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    button: 'Choose a new password',
  },
} as const satisfies Record<MailLanguage, Record<string, string>>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reset mail's subject, plain text and HTML. */
export function resetMail(language: MailLanguage, values: { name: string; link: string }) {
  const t = TEXTS[language];
  const greeting = t.greeting.replace('{name}', values.name);
  const text = [greeting, '', t.body, values.link, '', t.expiry, t.ignore].join('\n');
  const link = escapeHtml(values.link);
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    `<p><a href="${link}">${escapeHtml(t.button)}</a></p>`,
    `<p>${link}</p>`,
    `<p>${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { subject: t.subject, text, html };
}

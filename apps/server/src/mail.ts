import type { Mailer } from '@dolya/api';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from './config';

/**
 * Where the server's mail goes: SMTP_URL through nodemailer; without it, in development and tests,
 * the server's log (a line with the link, so a developer can follow it); in production without
 * it, nowhere, and the API then does not offer resetting a password (auth.providers).
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer | undefined {
  if (config.mail.smtpUrl) {
    const transport = createTransport(config.mail.smtpUrl);
    return {
      async send(message) {
        try {
          await transport.sendMail({
            from: config.mail.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
          });
        } catch (error) {
          // The person asked for a link and gets none: the log is where an operator learns why.
          log.error({ err: error, subject: message.subject }, 'mail not sent');
        }
      },
    };
  }
  if (config.env === 'production') return undefined;
  return {
    async send(message) {
      log.info({ to: message.to, link: message.link }, `mail not sent (no SMTP_URL): ${message.subject}`);
    },
  };
}

import { once } from 'node:events';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the journeys read it. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The mail server the journeys' server sends to (SMTP_URL): smtp-server on 127.0.0.1, no TLS, no
 * login. Each message it takes is written, parsed, as a JSON file in `dir`, where the journeys
 * (other processes) read it with `mailbox(dir)`.
 */
export async function startSmtpStandIn(dir: string) {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
          const message: ReceivedMail = { to, subject: mail.subject ?? '', text: mail.text ?? '' };
          count += 1;
          writeFileSync(join(dir, `${String(count).padStart(5, '0')}.json`), JSON.stringify(message));
          done();
        })
        .catch(done);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The messages the stand-in took so far, oldest first. */
export function mailbox(dir: string): ReceivedMail[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail);
}

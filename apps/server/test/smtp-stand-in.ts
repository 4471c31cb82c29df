import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A mail server on 127.0.0.1 for tests, standing in for the real SMTP relay: it takes every
 * message (no TLS, no login) and keeps it parsed. `smtpUrl` is what SMTP_URL is set to.
 */
export async function startSmtpStandIn() {
  const received: ParsedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const wake of waiting.splice(0)) wake();
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
    received,
    /** The next message to arrive (or the n-th, counting from 1), within `ms`. */
    async message(n = received.length + 1, ms = 10_000): Promise<ParsedMail> {
      const deadline = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`no mail number ${n} within ${ms} ms`);
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 100);
        });
      }
      return received[n - 1]!;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

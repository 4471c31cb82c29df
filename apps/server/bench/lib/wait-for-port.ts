import { connect } from 'node:net';

/** Resolves once something accepts TCP connections on the loopback port; fails if `gone()` or after 20 s. */
export async function waitForPort(port: number, gone: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (gone()) throw new Error(`${what} exited before it listened on ${port}`);
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port} within 20 s`);
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

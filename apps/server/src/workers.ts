import cluster, { type Worker } from 'node:cluster';

/**
 * The primary of SERVER_WORKERS processes: forks them (they share the listening port through
 * node:cluster, and everything they share lives in PostgreSQL), forks a new one when one dies,
 * and on SIGINT/SIGTERM asks each to finish its requests and waits for all of them.
 */
export async function runWorkers(count: number): Promise<void> {
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    console.error(`Server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (const name of ['SIGINT', 'SIGTERM'] as const) {
    process.once(name, () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      let left = workers.length;
      if (left === 0) process.exit(0);
      for (const worker of workers) {
        worker.once('exit', () => {
          left -= 1;
          if (left === 0) process.exit(0);
        });
        worker.process.kill(name);
      }
    });
  }
}

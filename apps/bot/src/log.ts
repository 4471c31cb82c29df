/** Where the bot tells what happened; one JSON line per event on stdout/stderr by default. */
export interface Logger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

function line(level: string, message: string, details?: Record<string, unknown>) {
  return JSON.stringify({ time: new Date().toISOString(), level, message, ...details });
}

export const consoleLogger: Logger = {
  info: (message, details) => console.log(line('info', message, details)),
  warn: (message, details) => console.warn(line('warn', message, details)),
  error: (message, details) => console.error(line('error', message, details)),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** An error as a log field: its message and, for programming errors, the stack. */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  return { error: error.message, name: error.name, stack: error.stack };
}

import { parseArgs } from 'node:util';
import { adminClient, describeFailure } from './client';
import type { Command } from './commands/command';
import { groupExport, groupShow } from './commands/group';
import { ledgerCheck } from './commands/ledger';
import { statsCommand } from './commands/stats';
import { usersBlock, usersFind, usersUnblock } from './commands/users';
import { indent, printable, table } from './format';

/** Exit codes: 0 done, 1 the command failed (server unreachable, token refused, not found), 2 usage. */
export const FAILED = 1;
export const USAGE = 2;

export const DEFAULT_URL = 'http://localhost:3000';

const commands: Record<string, Command> = {
  'ledger check': ledgerCheck,
  'users find': usersFind,
  'users block': usersBlock,
  'users unblock': usersUnblock,
  'group show': groupShow,
  'group export': groupExport,
  stats: statsCommand,
};

export interface Io {
  env: Record<string, string | undefined>;
  stdout(text: string): void;
  stderr(text: string): void;
}

export function usage(): string {
  const rows = Object.values(commands).map((c) => [c.usage, c.summary]);
  return [
    'usage: npm run --silent admin -- <command> [--json]',
    '',
    'commands:',
    indent(table(rows)),
    '',
    'options:',
    indent(
      table([
        ['--json', 'print the answer as JSON for machines (amounts in integer cents)'],
        ['--format', 'group export only: csv (default, UTF-8 with BOM) or json'],
      ]),
    ),
    '',
    'environment: ADMIN_API_TOKEN (required, the server’s), ADMIN_API_URL (default http://localhost:3000)',
    'exit codes: 0 done, 1 failed, 2 wrong usage, 3 ledger check found problems',
  ].join('\n');
}

class UsageError extends Error {}

function parse(argv: string[]) {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const words = parsed.positionals;
  const name = [words.slice(0, 2).join(' '), words[0] ?? ''].find((candidate) => candidate in commands);
  if (!name) throw new UsageError(words.length ? `unknown command "${words.join(' ')}"` : 'no command given');
  const command = commands[name]!;
  const args = words.slice(name.split(' ').length);
  if (args.length !== command.arguments) throw new UsageError(`usage: ${command.usage}`);
  const { format, json = false } = parsed.values;
  if (format !== undefined && !command.takesFormat) throw new UsageError(`${name} has no --format`);
  if (format !== undefined && format !== 'csv' && format !== 'json')
    throw new UsageError(`--format is csv or json, not "${format}"`);
  return { command, args, options: { json, format } };
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { json: { type: 'boolean' }, format: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
}

/** Runs one admin command against the server; returns the process exit code. */
export async function run(argv: string[], io: Io): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help') || argv.includes('-h')) {
    const asked = argv.length > 0;
    (asked ? io.stdout : io.stderr)(usage());
    return asked ? 0 : USAGE;
  }
  let call: ReturnType<typeof parse>;
  try {
    call = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`error: ${error.message}\n\n${usage()}`);
    return USAGE;
  }
  const token = io.env.ADMIN_API_TOKEN?.trim();
  if (!token) {
    io.stderr('error: ADMIN_API_TOKEN is not set; use the value the server was started with');
    return USAGE;
  }
  const url = io.env.ADMIN_API_URL?.trim() || DEFAULT_URL;
  try {
    const outcome = await call.command.run(adminClient(url, token), call.args, call.options);
    const json = call.options.json && outcome.json !== undefined;
    // JSON.stringify escapes C0 controls but leaves C1 controls and bidi marks raw.
    io.stdout(printable(json ? JSON.stringify(outcome.json, null, 2) : outcome.text));
    return outcome.exitCode ?? 0;
  } catch (error) {
    io.stderr(printable(`error: ${describeFailure(error, url)}`));
    return FAILED;
  }
}

import type { AdminClient } from '../client';

export interface Options {
  json: boolean;
  format: string | undefined;
}

/** What a command prints: text for people; `json` is printed instead with --json (when given). */
export interface Outcome {
  text: string;
  json?: unknown;
  /** 0 unless the command found something wrong (ledger check: 3). */
  exitCode?: number;
}

export interface Command {
  /** How to call it, e.g. 'users block <userId>'. */
  usage: string;
  summary: string;
  /** How many arguments follow the command's words. */
  arguments: number;
  /** Accepts --format (only group export does). */
  takesFormat?: boolean;
  run(client: AdminClient, args: string[], options: Options): Promise<Outcome>;
}

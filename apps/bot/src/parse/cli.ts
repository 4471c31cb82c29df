import { parseArgs } from 'node:util';
import { isCurrencyCode } from '@dolya/domain';
import { z } from 'zod';
import { cliOutput } from './cli-output';
import { modelConfigFromEnv } from './model/config';
import { createModelReader } from './model/model-reader';
import { parseExpense } from './parse';

const USAGE = `Usage: npm run --silent parse -- --members '<JSON [{id, name, username?}]>' --me <memberId> --currency <CODE> "<text>"
Prints one JSON line: the proposal, or {"error": "..."} when the text is not an expense as it stands.
Rules only, unless OPENAI_API_KEY is set (then OPENAI_BASE_URL, OPENAI_MODEL, LLM_TIMEOUT_MS).`;

const membersSchema = z
  .array(
    z.object({
      id: z.string().min(1),
      name: z.string().trim().min(1),
      username: z.string().trim().min(1).nullish(),
    }),
  )
  .min(1)
  .refine(
    (members) => new Set(members.map((member) => member.id)).size === members.length,
    'ids must be unique',
  );

class UsageError extends Error {}

function readArguments(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      members: { type: 'string' },
      me: { type: 'string' },
      currency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  if (values.help) throw new UsageError('');
  const text = positionals.join(' ');
  if (!values.members || !values.me || !values.currency || text.trim() === '') {
    throw new UsageError('--members, --me, --currency and the text are all required');
  }
  let json: unknown;
  try {
    json = JSON.parse(values.members);
  } catch {
    throw new UsageError('--members is not valid JSON');
  }
  const members = membersSchema.safeParse(json);
  if (!members.success) throw new UsageError(`--members: ${members.error.issues[0]?.message ?? 'invalid'}`);
  if (!members.data.some((member) => member.id === values.me)) {
    throw new UsageError(`--me "${values.me}" is not one of the members' ids`);
  }
  const currency = values.currency.trim().toUpperCase();
  if (!isCurrencyCode(currency))
    throw new UsageError(`--currency "${values.currency}" is not an ISO 4217 code`);
  return { members: members.data, writerId: values.me, currency, text };
}

async function main() {
  let request: ReturnType<typeof readArguments>;
  let model: ReturnType<typeof createModelReader> | null;
  try {
    request = readArguments(process.argv.slice(2));
    const config = modelConfigFromEnv(process.env);
    model = config ? createModelReader(config) : null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(message ? `${message}\n\n${USAGE}` : USAGE);
    process.exitCode = 2;
    return;
  }
  const result = await parseExpense(request, {
    model,
    onModelFailure: (error) => console.error(`The model's answer was not used: ${String(error)}`),
  });
  console.log(JSON.stringify(cliOutput(result, request.members, request.currency)));
}

await main();

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RU_MEMBERS } from './fixtures/groups';
import { answer, type StandIn, startStandIn } from './support/openai-stand-in';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/parse/cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MEMBERS = JSON.stringify(RU_MEMBERS);

/** The CLI as a process of its own, with no OpenAI variables unless given. */
async function cli(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(OPENAI_|LLM_)/.test(name)),
  );
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...clean, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const parse = (text: string, me = 'igor', env?: Record<string, string>) =>
  cli(['--members', MEMBERS, '--me', me, '--currency', 'RUB', text], env);

describe('the parse CLI', () => {
  it('prints one JSON line for an expense', async () => {
    const { code, stdout } = await parse('пицца 1200,50 я, Аня, Боря');
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout)).toEqual({
      name: 'Пицца',
      amount: 1200.5,
      currency: 'RUB',
      payerId: 'igor',
      participantIds: ['anya', 'borya', 'igor'],
    });
  });

  it('prints per-person splits as decimals', async () => {
    const { stdout } = await parse('обед: я 450, Боря 380,50, Настя 520', 'anya');
    expect(JSON.parse(stdout)).toEqual({
      name: 'Обед',
      amount: 1350.5,
      currency: 'RUB',
      payerId: 'anya',
      participantIds: ['anya', 'borya', 'nastya'],
      splits: { anya: 450, borya: 380.5, nastya: 520 },
    });
  });

  it('prints a repayment as a settlement, and the question where it would ask', async () => {
    const repaid = JSON.parse((await parse('Аня вернула мне 350', 'igor')).stdout);
    expect(repaid).toEqual({ settlement: { fromId: 'anya', toId: 'igor' }, amount: 350, currency: 'RUB' });
    const unclear = JSON.parse((await parse('500 или 600 за такси', 'igor')).stdout);
    expect(unclear).toMatchObject({
      name: 'Такси',
      amount: 500,
      question: { kind: 'amount', candidates: [500, 600] },
    });
  });

  it('prints receipt lines as items', async () => {
    const { stdout } = await parse('пицца 800 Аня, Боря\nвино 1200 все\nдесерт 350 я');
    const printed = JSON.parse(stdout);
    expect(printed).toMatchObject({ name: 'Чек', amount: 2350, payerId: 'igor' });
    expect(printed.items).toEqual([
      { name: 'Пицца', amount: 800, participantIds: ['anya', 'borya'] },
      { name: 'Вино', amount: 1200, participantIds: ['anya', 'borya', 'dima', 'sasha', 'igor', 'nastya'] },
      { name: 'Десерт', amount: 350, participantIds: ['igor'] },
    ]);
    expect(printed.splits).toEqual({ anya: 600, borya: 600, dima: 200, sasha: 200, igor: 550, nastya: 200 });
  });

  it('prints an error, with exit code 0, for what is not an expense as it stands', async () => {
    const cases: [string, string][] = [
      ['привет всем', 'Not an expense'],
      ['такси 700 я и Костя', 'Костя'],
      ['$25 обед', 'USD'],
    ];
    for (const [text, named] of cases) {
      const { code, stdout } = await parse(text);
      expect(code, text).toBe(0);
      const { error } = JSON.parse(stdout);
      expect(error, text).toContain(named);
    }
  });

  it('refuses bad usage with a non-zero exit code', async () => {
    const missing = await cli(['--me', 'igor', '--currency', 'RUB', 'такси 700']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('Usage');
    expect((await cli(['--members', '[oops', '--me', 'igor', '--currency', 'RUB', 'x'])).code).not.toBe(0);
    expect((await cli(['--members', MEMBERS, '--me', 'ghost', '--currency', 'RUB', 'x'])).code).not.toBe(0);
    expect((await cli(['--members', MEMBERS, '--me', 'igor', '--currency', 'XXQ', 'x'])).code).not.toBe(0);
    const badTimeout = await parse('такси 700', 'igor', { OPENAI_API_KEY: 'k', LLM_TIMEOUT_MS: 'soon' });
    expect(badTimeout.code).not.toBe(0);
    expect(badTimeout.stderr).toContain('LLM_TIMEOUT_MS');
  });

  it('runs from the repository root through npm run parse', async () => {
    const { stdout } = await run(
      'npm',
      [
        'run',
        '--silent',
        'parse',
        '--',
        '--members',
        MEMBERS,
        '--me',
        'anya',
        '--currency',
        'RUB',
        'такси 700',
      ],
      {
        cwd: ROOT,
      },
    );
    expect(JSON.parse(stdout)).toMatchObject({ name: 'Такси', amount: 700, payerId: 'anya' });
  });
});

describe('the parse CLI with a model', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(async () => {
    await standIn.close();
  });

  const env = () => ({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: standIn.baseURL,
    OPENAI_MODEL: 'stand-in',
    LLM_TIMEOUT_MS: '500',
  });

  it('uses the model when OPENAI_API_KEY is set', async () => {
    standIn.reply({ content: answer({ description: 'ужин', amount: '1500', participants: ['Аней', 'me'] }) });
    const { stdout } = await parse('полторы тысячи за ужин с Аней', 'igor', env());
    expect(JSON.parse(stdout)).toEqual({
      name: 'Ужин',
      amount: 1500,
      currency: 'RUB',
      payerId: 'igor',
      participantIds: ['anya', 'igor'],
    });
    expect(standIn.requests.at(-1)?.model).toBe('stand-in');
  });

  it('falls back to the rules when the model fails', async () => {
    standIn.reply({ status: 500, body: '{}' });
    const { code, stdout } = await parse('такси 700 я и Боря', 'igor', env());
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ amount: 700, participantIds: ['borya', 'igor'] });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Cents, parseAmount } from '@dolya/domain';
import type { Member, ParseResult } from '../src/parse';

/**
 * The blind sets of bench/blind (FORMAT.md there): messages written by people who never saw the
 * parser, each with the reading a careful bookkeeper would record.
 */
interface BlindGroup {
  currency: string;
  /** "Дима (@dima_v)", or {name, username} (the sets' authors wrote the groups either way). */
  members: Record<string, string | { name: string; username?: string | null }>;
}

type Amount = string;

interface ExpenseExpectation {
  kind: 'expense';
  amount: Amount;
  currency: string;
  payer?: string;
  payers?: Record<string, Amount>;
  participants: 'all' | string[];
  perPerson?: Record<string, Amount>;
  name?: string;
  repeat?: { every: number; unit: string };
}

interface SettlementExpectation {
  kind: 'settlement';
  from: string;
  to: string;
  amount: Amount;
  currency: string;
}

type Expectation =
  | ExpenseExpectation
  | SettlementExpectation
  | { kind: 'not-expense' }
  | { kind: 'ask'; about: string; likely?: ExpenseExpectation | SettlementExpectation };

export interface BlindCase {
  id: string;
  group: string;
  me: string;
  text: string;
  tags: string[];
  expect: Expectation;
  note?: string;
}

export interface BlindSet {
  set: string;
  groups: Record<string, BlindGroup>;
  cases: BlindCase[];
}

const BLIND_DIR = join(fileURLToPath(new URL('.', import.meta.url)), 'blind');

export function loadBlindSets(): BlindSet[] {
  return readdirSync(BLIND_DIR)
    .filter((file) => /^set-[a-z0-9-]+\.json$/.test(file))
    .sort()
    .map((file) => withMemberRecords(JSON.parse(readFileSync(join(BLIND_DIR, file), 'utf8')) as BlindSet));
}

type MemberLabel = string | { name: string; username?: string | null };

/** Some authors list a group's members as [{id, name, username}]; read them as id -> label. */
function withMemberRecords(set: BlindSet): BlindSet {
  for (const group of Object.values(set.groups)) {
    const members = group.members as unknown;
    if (!Array.isArray(members)) continue;
    group.members = Object.fromEntries(
      (members as ({ id: string } & Exclude<MemberLabel, string>)[]).map(({ id, ...label }) => [id, label]),
    );
  }
  return set;
}

/** "Дима (@dima_v)" -> {name: "Дима", username: "dima_v"}. */
export function membersOf(group: BlindGroup): Member[] {
  return Object.entries(group.members).map(([id, label]) => {
    if (typeof label !== 'string')
      return label.username ? { id, name: label.name, username: label.username } : { id, name: label.name };
    const match = /^(.*?)\s*\(@([\w.]+)\)\s*$/.exec(label);
    return match ? { id, name: match[1]!, username: match[2]! } : { id, name: label };
  });
}

/** What the parser did with a message, as the issue counts it. */
export type Outcome = 'correct' | 'asked' | 'declined' | 'wrong';

export interface Scored {
  outcome: Outcome;
  /** Why it is not correct. */
  mistakes: string[];
  /** For a correct expense: whether the title matched the bookkeeper's (a separate figure). */
  titleMatches?: boolean;
  /** An expense drafted as repeating where the set's expectation says no repeat (a separate figure). */
  unexpectedRepeat?: boolean;
}

const cents = (amount: Amount): Cents => parseAmount(amount);

/** Whether the parser stopped to ask (a question, or names it could not place). */
function asked(result: ParseResult): boolean {
  if (result.kind === 'not-expense') return false;
  const read = result.kind === 'expense' ? result.proposal : result.settlement;
  return read.unknownNames.length > 0 || read.ambiguousNames.length > 0 || read.questions.length > 0;
}

function settlementOf(result: ParseResult) {
  return (
    result as {
      kind: string;
      settlement?: { fromId: string; toId: string; amountCents: Cents; currency: string };
    }
  ).settlement;
}

export function score(testCase: BlindCase, group: BlindGroup, result: ParseResult): Scored {
  const expect = testCase.expect;
  const order = Object.keys(group.members);
  if (expect.kind === 'not-expense') {
    if (result.kind === 'not-expense') return { outcome: 'correct', mistakes: [] };
    if (asked(result)) return { outcome: 'asked', mistakes: ['asked about a non-expense'] };
    return { outcome: 'wrong', mistakes: [`drafted a non-expense: ${describe(result)}`] };
  }
  if (result.kind === 'not-expense') return { outcome: 'declined', mistakes: [`declined: ${result.reason}`] };
  if (expect.kind === 'ask') {
    if (asked(result)) return { outcome: 'correct', mistakes: [] };
    return {
      outcome: 'wrong',
      mistakes: [`drafted where a question was due (${expect.about}): ${describe(result)}`],
    };
  }
  if (asked(result)) return { outcome: 'asked', mistakes: [`asked: ${describe(result)}`] };
  const mistakes =
    expect.kind === 'settlement'
      ? settlementMistakes(expect, result)
      : expenseMistakes(expect, result, order);
  const unexpectedRepeat =
    expect.kind === 'expense' &&
    !expect.repeat &&
    result.kind === 'expense' &&
    Boolean(result.proposal.repeat);
  if (mistakes.length > 0)
    return { outcome: 'wrong', mistakes, ...(unexpectedRepeat ? { unexpectedRepeat } : {}) };
  const titleMatches =
    expect.kind === 'expense' && result.kind === 'expense' && expect.name !== undefined
      ? normalTitle(expect.name) === normalTitle(result.proposal.name)
      : undefined;
  return {
    outcome: 'correct',
    mistakes: [],
    ...(titleMatches === undefined ? {} : { titleMatches }),
    ...(unexpectedRepeat ? { unexpectedRepeat } : {}),
  };
}

const normalTitle = (title: string) => title.trim().toLowerCase().replace(/ё/g, 'е');

function settlementMistakes(expect: SettlementExpectation, result: ParseResult): string[] {
  const settlement = settlementOf(result);
  if (!settlement) return [`a settlement read as an expense: ${describe(result)}`];
  const mistakes: string[] = [];
  if (settlement.fromId !== expect.from)
    mistakes.push(`from: expected ${expect.from}, got ${settlement.fromId}`);
  if (settlement.toId !== expect.to) mistakes.push(`to: expected ${expect.to}, got ${settlement.toId}`);
  if (settlement.amountCents !== cents(expect.amount))
    mistakes.push(`amount: expected ${cents(expect.amount)}, got ${settlement.amountCents}`);
  if (settlement.currency !== expect.currency)
    mistakes.push(`currency: expected ${expect.currency}, got ${settlement.currency}`);
  return mistakes;
}

function expenseMistakes(expect: ExpenseExpectation, result: ParseResult, order: string[]): string[] {
  if (result.kind !== 'expense') return [`an expense read as ${result.kind}: ${describe(result)}`];
  const got = result.proposal;
  const mistakes: string[] = [];
  const compare = (what: string, want: unknown, have: unknown) => {
    if (JSON.stringify(want) !== JSON.stringify(have))
      mistakes.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(have)}`);
  };
  compare('amount', cents(expect.amount), got.amountCents);
  compare('currency', expect.currency, got.currency);
  const payers = (got as { payers?: Record<string, Cents> }).payers;
  if (expect.payers) {
    const want = Object.fromEntries(
      order.filter((id) => id in expect.payers!).map((id) => [id, cents(expect.payers![id]!)]),
    );
    compare('payers', want, payers ?? { [got.payerId]: got.amountCents });
  } else {
    compare('payer', expect.payer, got.payerId);
    if (payers && Object.keys(payers).length > 1) compare('payers', undefined, payers);
  }
  const participants =
    expect.participants === 'all' ? order : order.filter((id) => expect.participants.includes(id));
  compare('participants', participants, got.participantIds);
  if (expect.perPerson) {
    const want = Object.fromEntries(
      order.filter((id) => id in expect.perPerson!).map((id) => [id, cents(expect.perPerson![id]!)]),
    );
    compare('per-person amounts', want, got.splits ?? null);
  }
  // Issue 28: a repeat the bookkeeper wrote must be read, the same rule.
  if (expect.repeat)
    compare('repeat', { every: expect.repeat.every, unit: expect.repeat.unit }, got.repeat ?? null);
  return mistakes;
}

function describe(result: ParseResult): string {
  if (result.kind === 'not-expense') return `not-expense ${result.reason}`;
  const settlement = settlementOf(result);
  if (settlement) return `settlement ${JSON.stringify(settlement)}`;
  if (result.kind !== 'expense') return result.kind;
  const { name, amountCents, currency, payerId, participantIds, splits, unknownNames, ambiguousNames } =
    result.proposal;
  return JSON.stringify({
    name,
    amountCents,
    currency,
    payerId,
    participantIds,
    splits,
    unknownNames,
    ambiguous: ambiguousNames.map((a) => a.written),
    ...(result.proposal.repeat ? { repeat: result.proposal.repeat } : {}),
    ...(result.proposal.questions.length > 0 ? { questions: result.proposal.questions } : {}),
  });
}

export interface Tally {
  total: number;
  correct: number;
  asked: number;
  declined: number;
  wrong: number;
  titles: { checked: number; matching: number };
  /** Expenses drafted as repeating where the set expects no repeat. */
  unexpectedRepeats: number;
}

export function emptyTally(): Tally {
  return {
    total: 0,
    correct: 0,
    asked: 0,
    declined: 0,
    wrong: 0,
    titles: { checked: 0, matching: 0 },
    unexpectedRepeats: 0,
  };
}

export function add(tally: Tally, scored: Scored) {
  tally.total += 1;
  tally[scored.outcome] += 1;
  if (scored.titleMatches !== undefined) {
    tally.titles.checked += 1;
    if (scored.titleMatches) tally.titles.matching += 1;
  }
  if (scored.unexpectedRepeat) tally.unexpectedRepeats += 1;
}

const percent = (part: number, whole: number) => `${((part / Math.max(whole, 1)) * 100).toFixed(1)} %`;

export function tallyLine(label: string, t: Tally): string {
  return `${label}: ${t.total} messages — fully correct ${t.correct} (${percent(t.correct, t.total)}), asked ${t.asked} (${percent(t.asked, t.total)}), declined ${t.declined} (${percent(t.declined, t.total)}), wrong ${t.wrong} (${percent(t.wrong, t.total)})`;
}

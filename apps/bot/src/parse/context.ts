import { createMemberMatcher, type MemberMatcher } from './member-matcher';
import { guessLanguage } from './text';
import type { Language, Member, ParseHints, ParseRequest } from './types';

/** A request checked and prepared once for both readers. */
export interface ParseContext {
  text: string;
  members: readonly Member[];
  memberOrder: string[];
  writerId: string;
  currency: string;
  language: Language;
  matcher: MemberMatcher;
  /** The writer's answers to the bot's questions about this message. */
  hints: ParseHints;
}

/** Throws on a request no caller should make: no members, or a writer who is not one of them. */
export function createContext(request: ParseRequest): ParseContext {
  const memberOrder = request.members.map((member) => member.id);
  if (!memberOrder.includes(request.writerId)) {
    throw new Error(`The writer "${request.writerId}" is not an active member of the group`);
  }
  return {
    text: request.text,
    members: request.members,
    memberOrder,
    writerId: request.writerId,
    currency: request.currency,
    language: request.language ?? guessLanguage(request.text),
    matcher: matcherFor(request.members),
    hints: request.hints ?? {},
  };
}

export function inGroupOrder(ids: Iterable<string>, context: ParseContext): string[] {
  const wanted = new Set(ids);
  return context.memberOrder.filter((id) => wanted.has(id));
}

/**
 * Building a matcher derives every form of every member's names (a few milliseconds); a group's
 * members change rarely, so the last groups' matchers are kept.
 */
const matchers = new Map<string, MemberMatcher>();
const KEPT_MATCHERS = 100;

function matcherFor(members: readonly Member[]): MemberMatcher {
  const key = JSON.stringify(members.map((member) => [member.id, member.name, member.username ?? null]));
  const known = matchers.get(key);
  if (known) return known;
  const matcher = createMemberMatcher(members);
  if (matchers.size >= KEPT_MATCHERS) matchers.delete(matchers.keys().next().value!);
  matchers.set(key, matcher);
  return matcher;
}

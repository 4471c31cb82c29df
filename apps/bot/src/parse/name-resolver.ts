import type { ParseContext } from './context';
import { resolvedMemberId } from './member-matcher';
import { normalizeWord } from './text';
import type { AmbiguousName, Question } from './types';

export interface NameResolver {
  /** The member a written name stands for; an unknown or ambiguous name is noted and gives undefined. */
  resolve(written: string): string | undefined;
  unknownNames: string[];
  ambiguousNames: AmbiguousName[];
}

export function createNameResolver(context: ParseContext): NameResolver {
  const unknownNames: string[] = [];
  const ambiguousNames: AmbiguousName[] = [];
  const noted = new Set<string>();
  const note = (written: string, record: () => void) => {
    const key = written.split(/\s+/).map(normalizeWord).join(' ');
    if (noted.has(key)) return;
    noted.add(key);
    record();
  };

  return {
    unknownNames,
    ambiguousNames,
    resolve(written) {
      const answered = context.hints.names?.[written.split(/\s+/).map(normalizeWord).join(' ')];
      if (answered && context.memberOrder.includes(answered)) return answered;
      const match = context.matcher.matchName(written);
      if (match.kind === 'ambiguous') {
        note(written, () => ambiguousNames.push({ written, candidates: match.candidates }));
      } else if (match.kind === 'none') {
        note(written, () => unknownNames.push(written));
      }
      return resolvedMemberId(match, context.writerId);
    },
  };
}

/**
 * A question for every name the resolver could not place: who an ambiguous name is among its
 * candidates, who an unknown name is among the closest members (else everyone). The payer's name
 * asks who paid.
 */
export function nameQuestions(names: NameResolver, context: ParseContext, payer?: string | null): Question[] {
  const isPayer = (written: string) =>
    payer !== undefined && payer !== null && normalizeWord(written) === normalizeWord(payer);
  return [
    ...names.ambiguousNames.map(
      ({ written, candidates }): Question =>
        isPayer(written) ? { kind: 'payer', written, candidates } : { kind: 'name', written, candidates },
    ),
    ...names.unknownNames.map((written): Question => {
      const close = context.matcher.closest(written).slice(0, 4);
      const candidates = close.length > 0 ? close : [...context.memberOrder];
      return isPayer(written)
        ? { kind: 'payer', written, candidates }
        : { kind: 'name', written, candidates };
    }),
  ];
}

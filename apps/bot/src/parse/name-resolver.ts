import type { ParseContext } from './context';
import { resolvedMemberId } from './member-matcher';
import { normalizeWord } from './text';
import type { AmbiguousName } from './types';

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

import type { ParseContext } from './context';
import { genderOfName } from './names/gender';
import type { Part } from './part';
import { verbKindOf } from './verbs';

/**
 * «Мвша заплатила»: a name that fits two members, next to a verb in the past tense, is the one
 * of them whose gender the verb has.
 */
export function settleByVerbGender(parts: Part[], context: ParseContext) {
  parts.forEach((part, index) => {
    if (part.class !== 'name' || part.match.kind !== 'ambiguous') return;
    const verb = [parts[index + 1], parts[index - 1]].find((near) => near?.verb);
    const norm = verb?.token.kind === 'word' ? verb.token.norm : '';
    const gender = /ла$/.test(norm) ? 'f' : /л$/.test(norm) ? 'm' : undefined;
    if (!gender) return;
    const fitting = part.match.candidates.filter((id) => {
      const member = context.members.find((one) => one.id === id);
      return member !== undefined && genderOfName(member.name) === gender;
    });
    if (fitting.length !== 1) return;
    // Read again later by what is written: the member's own name, which fits no one else.
    part.written = context.members.find((one) => one.id === fitting[0])!.name;
    part.match = part.match.typo
      ? { kind: 'member', memberId: fitting[0]!, typo: true }
      : { kind: 'member', memberId: fitting[0]! };
  });
}

/** «скинул ему», «на нас с ним»: the dative and, after «с», the instrumental. */
const THIRD_PERSON_OBJECT = new Set(['ему', 'ей', 'ним', 'ней', 'him', 'her']);
const THIRD_PERSON_SUBJECT = new Set(['он', 'она', 'he', 'she']);
const FEMININE = new Set(['ей', 'ней', 'her', 'она', 'she']);

/**
 * «я Олегу больше не должен, скинул ему 2300», «Дима оплатил доставку на нас с ним», "Kirill and I had lunch, he paid 26", "Nastya and
 * Vanya are even, she gave him 12": «ему», "him", "he" stand for the one member named before them
 * whose name fits the pronoun's gender, when there is exactly one. «он», "she" only right before a
 * verb: elsewhere «она» is the payer's (see PAYER_PRONOUNS).
 */
export function readAnaphora(parts: Part[], context: ParseContext) {
  parts.forEach((part, index) => {
    if (part.token.kind !== 'word') return;
    const norm = part.token.norm;
    const subject = THIRD_PERSON_SUBJECT.has(norm);
    if (!THIRD_PERSON_OBJECT.has(norm) && !subject) return;
    if (subject && !parts.slice(index + 1, index + 3).some((next) => verbKindOf(next.token.text))) return;
    const gender = FEMININE.has(norm) ? 'f' : 'm';
    const named = parts
      .slice(0, index)
      .filter((earlier) => earlier.class === 'name' && earlier.match.kind === 'member');
    const ids = new Set(
      named.map((earlier) => (earlier.match.kind === 'member' ? earlier.match.memberId : '')),
    );
    const fitting = [...ids].filter((id) => {
      const member = context.members.find((one) => one.id === id);
      return ids.size === 1 || (member !== undefined && genderOfName(member.name) === gender);
    });
    if (fitting.length !== 1) return;
    const earlier = named.find((one) => one.match.kind === 'member' && one.match.memberId === fitting[0])!;
    part.class = 'name';
    part.match = earlier.match;
    part.written = earlier.written;
    if (/[а-я]/.test(norm)) part.cases = new Set([subject ? 'nominative' : 'dative']);
    else if (subject) part.cases = new Set(['nominative']);
  });
}

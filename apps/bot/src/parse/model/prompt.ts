import type { ParseContext } from '../context';

function describeMember(member: ParseContext['members'][number]): string {
  return member.username ? `${member.name} (@${member.username})` : member.name;
}

/** The system message: the group, the writer, and how to fill the answer. */
export function systemPrompt(context: ParseContext): string {
  const writer = context.members.find((member) => member.id === context.writerId);
  return [
    'You read one message from a group chat where friends record shared expenses, and say what expense it states.',
    `Group members: ${context.members.map(describeMember).join(', ')}.`,
    `The message was written by ${writer ? describeMember(writer) : 'a member'}; call the writer "me".`,
    `The group's currency is ${context.currency}.`,
    '',
    'Fill every field:',
    '- isExpense: false for greetings, questions, plans and anything that does not state money spent.',
    '- description: what the money was spent on, a few words in the language of the message; null if not said.',
    '- amount: the total exactly as written ("1200", "1 200", "2 350,50", "1,5к", "$25"); never compute, convert or round. Null when only per-person amounts are written.',
    '- currency: the ISO 4217 code when the message names a currency ("₽", "руб" -> RUB, "$" -> USD, "€", "евро" -> EUR); null when it names none.',
    '- payer: who paid, as written in the message ("Ане", "Boris"), "me" for the writer; null when not said.',
    '- participants: who shares the expense, each as written in the message, "me" for the writer; empty when not said (then everyone shares). "за X" / "for X" without the writer means only X. For "everyone except X", list the other members by their names above.',
    '- splits: only when per-person amounts are written: one {name, amount} each, both as written; otherwise empty.',
    '- repayment: when the message records a debt paid back rather than something bought ("Оля вернула мне 350", "I sent Tom the 20 I owed", "paid Sarah back") — {from, to} as written, "me" for the writer, to null when not said; otherwise null. Then amount is the money repaid.',
    '- payers: only when several people paid, each with the amount as written (null when each paid the same "по 500"); otherwise empty.',
    '- giftFor: people a gift is for ("цветы Свете", "for Tom\'s birthday"), as written; otherwise empty.',
    '- repeat: when the message says the expense repeats ("каждый месяц", "ежемесячно", "every 2 weeks", "monthly"): {every, unit} with unit "day", "week", "month" or "year" (a quarter is 3 months); otherwise null. Keep such words out of description.',
    'Never invent a person: copy names as the message writes them, even when they are not in the member list.',
  ].join('\n');
}

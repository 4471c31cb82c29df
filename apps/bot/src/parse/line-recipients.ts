import { isPerson, type Part, wordIs } from './line-parts';

/**
 * People a purchase is for as a gift: «подарок Игорю», «цветы Свете на др», «торт Наде на
 * днюху», "cake for Tom's birthday", "Mike's birthday present". They take no part in paying for it
 * unless the message names them again as sharing. Marked used, so no list takes them.
 */
const GIFT =
  /^(подар(ок|ка|ку|ки|ков|очек|очки)|цвет(ы|ов|очки)|букет(а|ик)?|торт(а|ик)?|шар(ы|ики|иков)|сертификат(а)?|открытк[аиу]|презент(а)?|сюрприз(а)?|дух(и|ов)|парфюм|gift|gifts|present|presents|flowers|bouquet|blumen|geschenk|strau(ss|ß))$/;
const BIRTHDAY = /^(др|днюх[аиу]|днюшк[аиу]|рождения|юбиле[йя]|bday|b-day|birthday|birthdays|anniversary)$/;

const isDativePerson = (part: Part | undefined): part is Part =>
  part !== undefined &&
  isPerson(part) &&
  !part.used &&
  part.cases.has('dative') &&
  !part.cases.has('nominative') &&
  part.match.kind !== 'writer';

/** «маме ани», «брату Олега»: a relative's; the member named is no recipient and shares nothing said. */
const KIN =
  /^(мам[аеуы]|пап[аеуы]|брат[ауе]?|сестр[аеуы]|жен[аеуы]|муж[ауе]?|друг[ауе]?|подруг[аеиу]|бабушк[аеиу]|дедушк[аеиу]|сын[ауе]?|дочк[аеиу]|дочер[иь]|родител(ям|ей|и)|mom|mum|dad|brother|sister|wife|husband|friend|parents)$/;

const isGenitivePerson = (part: Part | undefined): part is Part =>
  part !== undefined &&
  isPerson(part) &&
  part.match.kind !== 'writer' &&
  part.cases.has('genitive') &&
  !part.cases.has('nominative');

/** Words of an occasion someone is celebrated or treated on: a person «для», "for" it is its recipient. */
const OCCASION =
  /^(сувенир(а|ы|чик)?|свадьб[аеуы]|новосель[ея]|выпускн(ой|ого|ому)|повышени[ея]|угоща(ем|ю|ли|ли|ет)|graduation|promotion|housewarming|wedding|retirement|farewell|treat|treating|treated|treats)$/;

/** The gift's recipients, marked used; "everyone but him" then means everyone but them. */
export function takeRecipients(parts: Part[]): Part[] {
  const recipients: Part[] = [];
  const take = (part: Part) => {
    part.used = true;
    recipients.push(part);
  };
  const occasion = parts.some(
    (part, index) =>
      // "Tom's 30th": an age, celebrated (the ordinal itself may be masked already, see non-money).
      (wordIs(part, 'st', 'nd', 'rd', 'th') && /^\d+$/.test(parts[index - 1]?.token.text ?? '')) ||
      (/['’]s$/i.test(part.written) &&
        (parts[index + 1] === undefined || parts[index + 1]!.token.kind === 'punct')) ||
      (part.token.kind === 'word' &&
        (GIFT.test(part.token.norm) || BIRTHDAY.test(part.token.norm) || OCCASION.test(part.token.norm))),
  );
  if (occasion) takeCelebrated(parts, take);
  const giftIndexes = parts.flatMap((part, index) =>
    part.token.kind === 'word' && (GIFT.test(part.token.norm) || BIRTHDAY.test(part.token.norm))
      ? [index]
      : [],
  );
  parts.forEach((part, index) => {
    const next = parts[index + 1];
    if (part.token.kind !== 'word' || !isGenitivePerson(next)) return;
    // «маме ани на юбилей»: Аня's mother gets it; «др Саши»: Саша's birthday, Саша gets it.
    if (KIN.test(part.token.norm)) next.used = true;
    else if (BIRTHDAY.test(part.token.norm)) take(next);
  });
  // "bought tom a $50 gift card": the one something was bought for.
  parts.forEach((part, index) => {
    const person = parts[index + 1];
    if (
      person !== undefined &&
      wordIs(part, 'bought', 'got', 'buying', 'getting') &&
      isPerson(person) &&
      person.match.kind !== 'writer' &&
      wordIs(parts[index + 2], 'a', 'an', 'some')
    )
      take(person);
  });
  for (const index of giftIndexes) {
    // «подарок Игорю», «Свете цветы», «торт наде на др»: a dative within two words of it.
    for (const step of [1, 2, -1, -2, 3, -3]) {
      const near = parts[index + step];
      if (isDativePerson(near)) {
        take(near);
        break;
      }
    }
    // "Tom's birthday", "Mike's birthday present": a possessive just before.
    const before = parts[index - 1];
    if (before && isPerson(before) && !before.used && /['’]s$/i.test(before.written)) take(before);
    // "cake for Tom's birthday", "gift for Vanya", "bday cake for Vanya".
    for (let at = index + 1; at < Math.min(parts.length, index + 4); at++) {
      if (wordIs(parts[at], 'for', 'für') && isPerson(parts[at + 1]) && !parts[at + 1]!.used) {
        const person = parts[at + 1]!;
        if (person.match.kind !== 'writer') take(person);
        break;
      }
    }
  }
  return recipients;
}

/**
 * In a message about a gift or an occasion («торт для Кати, с днюхой», "balloons for Tom's 30th",
 * «Женя купила Оле шампанское на день рождения», "we're treating him"): the one it is for,
 * «для»/"for" them, their possessive, a dative, or the one treated.
 */
function takeCelebrated(parts: Part[], take: (part: Part) => void) {
  parts.forEach((part, index) => {
    if (!isPerson(part) || part.match.kind === 'writer') return;
    const before = parts[index - 1];
    const after = parts[index + 1];
    const possessive = /['’]s$/i.test(part.written);
    if (possessive && after?.token.kind === 'word' && KIN.test(after.token.norm)) {
      part.used = true;
      return;
    }
    const forThem = wordIs(before, 'для', 'for', 'für') && !isPerson(after);
    const treated = before?.token.kind === 'word' && OCCASION.test(before.token.norm);
    if (possessive || forThem || treated || isDativePerson(part)) take(part);
  });
}

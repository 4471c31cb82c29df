/**
 * Numbers in a message that are no money — phone and card numbers, IBANs, times, dates, addresses,
 * codes — taken out of a line before it is read, so «+7 916 123 45 67 мой номер» or «заезд
 * 15.07 в 14:00» is not an expense of millions and «ужин 24.12 2500» is one of 2500.
 */
const MASKS: RegExp[] = [
  // Links: https://example.com/pay/123, www.site.ru/5.
  /\b(?:https?:\/\/|www\.)\S+/gi,
  // Years: «в 2024 году», «2025 г.», "in 2024".
  /(?<![\d.,])(?:19|20)\d\d\s?(?:г\.|год[уа]?|гг?\.?)(?![\p{L}])/giu,
  /\b(?:in|since|year)\s(?:19|20)\d\d\b/gi,
  // Floors and entrances: «этаж 3», «3 этаж», "floor 4".
  /(?<![\p{L}])(?:этаж|floor)\s*\d{1,3}(?![\d.,])/giu,
  // IBAN: two letters, two digits, groups of four.
  /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}(?:\s?[A-Z0-9]{1,4})?\b/g,
  // Card numbers: four groups of four digits.
  /\b\d{4}(?:[\s-]?\d{4}){3}\b/g,
  // Phone numbers: +7…, 8-999-…, 89031112233, 555-013-4477.
  /\+\d[\d\s()-]{8,}\d/g,
  /(?<![\d.,])[78](?:[\s-]?\(?\d{3}\)?)(?:[\s-]?\d{3})(?:[\s-]?\d{2}){2}(?![\d.,])/g,
  /(?<![\d.,])\d{3}[\s-]\d{3}[\s-]\d{4}(?![\d.,])/g,
  // A bank's message: «Доступно 8 412,77 ₽», "Available balance: 1,234.56".
  /(?<![\p{L}])(?:доступно|баланс|остаток|available(?:\s+balance)?|balance)[:\s]*\d[\d\s\u00a0.,]*(?:₽|р\.?|руб\.?|rub|\$|€)?/giu,
  // An extension after a phone number: «доб 204», "ext. 12".
  /(?<![\p{L}])(?:доб\.?|добавочный|ext\.?)\s*\d{1,5}(?![\d.,])/giu,
  // Times: 14:00, 19.30 after «в»/at, 6pm, 6 pm.
  /(?<![\d.,:])\d{1,2}:\d{2}(?![\d:])/g,
  /\b\d{1,2}\s?(?:am|pm)\b/gi,
  // Dates: 24.12, 15.07.2026, 24/12 — when a time, a year or a date word is around.
  /(?<![\d.,])(?:0?[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])(?:[./](?:\d{4}|\d{2}))(?![\d.,])/g,
  // Ordinals and days: 1st, 22nd, 5го, 1-го, «до 5-го», «на 3е».
  /\b\d{1,2}(?:st|nd|rd|th)\b/gi,
  /(?<![\d.,])\d{1,2}-?(?:го|ое|е|ого|его)(?![\p{L}])/gu,
  // Month names: «24 декабря», "Dec 24", "December 24".
  /(?<![\d.,])\d{1,2}\s(?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)(?![\p{L}])/giu,
  // «адрес гостиницы: Ростов, Большая Садовая 48»: an address to the end of the line.
  /(?<![\p{L}])(?:адрес|address)(?![\p{L}])[^\n]*/giu,
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s\d{1,2}\b/gi,
  // Addresses and places: «ул руставели 12», «кв 5», «дом 3», "apt 4B", "room 305", «переговорка 305».
  /(?<![\p{L}])(?:ул\.?|улица|пр-т|проспект|пер\.?|переулок)\s+(?:[\p{L}-]+\s+){1,2}\d+[\p{L}]?(?![.,]?\d)/giu,
  // «Тверская 12 стр 3», «Профсоюзная 12, 2 этаж»: a house number before a building's part, and «2 этаж».
  /(?<![\d.,])\d{1,4}[\p{L}]?(?=\s*,?\s*(?:\d{1,3}\s+)?(?:стр\.?|строение|корп\.?|корпус|кв\.?|квартира|подъезд|этаж)(?![\p{L}]))/giu,
  /(?<![\p{L}])(?:д\.|дом|кв\.?|квартира|корп\.?|корпус|стр\.?|строение|подъезд|каб\.?|кабинет|переговорк[аеиу]|аудитори[яи]|apt\.?|apartment|suite|street|st\.|ave\.?|#)\s*\d+[\p{L}]?(?![.,]?\d)(?!\s\d{3}(?!\d))/giu,
  /(?<![\d.,])\d{1,3}(?:-?й)?\s+(?:этаж|подъезд|floor)(?![\p{L}])/giu,
  // "room 4B": a room with a letter (a bare "escape room 100" is a price).
  /\b(?:room|unit)\s*\d+[a-z]\b/gi,
  // Codes: «пароль 8827 4410», "password is Blue$ky2024", «код от подъезда 2580», «рейс SU 1234».
  /(?<![\p{L}])(?:парол[ьяе]|password|passcode|код(?:\s+(?:от|двери|подъезда|домофона))*|домофон|code|pin|пин|рейс|flight|трек|track(?:ing)?)(?:\s+(?:is|это|от|in))?[\s:#№-]*[\p{L}$@_-]{0,12}[\s-]?\d[\p{L}\d$@_-]*(?:\s\d[\d-]*)*/giu,
  // Account and booking numbers, four digits at least: «номер брони 7731882», «ИНН 7707083893»,
  // "card ends in 4417", "acct 000123456789", "my venmo is @mike-r-22".
  /(?<![\p{L}])(?:бронь|брони|заказ\s?№|order\s?#|номер(?:\s+(?:брони|заказа|карты|счёта|счета|телефона))?|number|тел\.?|телефон|phone|инн|снилс|бик|acct|account|iban|card(?:\s+ends(?:\s+in)?)?|карт[аыу]|venmo|zelle|paypal)(?:\s+(?:is|это|in))?[\s:#№-]*(?:@[\w-]*\d[\w-]*|\d{4,}[\d\s-]*)/giu,
];

/** A date written alone (24.12) counts as one only beside a time or a date word. */
const SHORT_DATE = /(?<![\d.,])(?:0?[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])(?![\d.,])/g;
const DATE_CONTEXT =
  /(?:\d{1,2}:\d{2}|(?<![\p{L}])в\s\d{1,2}(?![\p{L}\d])|\bat\s\d|(?<![\p{L}])(?:до|с|по|к|на|until|by|on|from|заезд|выезд|встреча|встречаемся|числа|число)\s*$|(?<![\p{L}])(?:дата|date)(?![\p{L}])[^\d]{0,16}$)/iu;

export interface Masked {
  line: string;
  /** Something that looked like a number was taken out. */
  masked: boolean;
}

export function maskNonMoney(line: string): Masked {
  let masked = false;
  let result = line.replace(SHORT_DATE, (date, offset: number, whole: string) => {
    const around = `${whole.slice(Math.max(0, offset - 20), offset)}`;
    const after = whole.slice(offset + date.length, offset + date.length + 12);
    // «ужин 24.12 2500»: beside a whole amount of three digits or more, 24.12 is the day.
    const rest = whole.slice(0, offset) + whole.slice(offset + date.length);
    // «кофе 4 по 3.5 евро»: after a count and «по», a price.
    if (/(?<![\d.,])\d{1,3}\s*(?:шт\.?|штук[и]?)?\s*по\s*$/iu.test(around)) return date;
    const dated =
      DATE_CONTEXT.test(around) ||
      /^\s*(?:в|at)\s*\d/.test(after) ||
      /\d{1,2}:\d{2}/.test(whole) ||
      /(?<![\d.,])\d{3,}(?![\d.,]\d)/.test(rest);
    if (!dated) return date;
    masked = true;
    return ' ';
  });
  // «совещание в 15:00 переносится на 16»: beside a time, «на 16» is the hour too.
  if (/\d{1,2}:\d{2}/.test(result)) {
    result = result.replace(
      /(?<![\p{L}])(на|до|к|to|until|till)\s(?:[01]?\d|2[0-4])(?![\d.,:])/giu,
      (_, word) => {
        masked = true;
        return `${word} `;
      },
    );
  }
  for (const pattern of MASKS) {
    result = result.replace(pattern, () => {
      masked = true;
      return ' ';
    });
  }
  return { line: result.replace(/\s{2,}/g, ' ').trim(), masked };
}

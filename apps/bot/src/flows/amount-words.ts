/**
 * Words that say an amount is meant though none was read: number words, slang for sums, currency
 * names («дофига тыщ», "a couple hundred bucks"). With no amount read, such a message is told the
 * amount was not understood rather than that there is none.
 */
const AMOUNT_WORDS =
  /(?<![\p{L}])(сто|двести|триста|пятьсот|тыщ|тыс|тысяч|сотк|сотн|сотен|сотни|косар|штук|мульт|лимон|полтос|полтин|рубл|руб|бакс|доллар|евро|гривен|тенге|hundred|thousand|grand|bucks?|dollars?|euros?|pounds?|quid|rubles?|roubles?)/iu;

export function speaksOfAmount(text: string): boolean {
  return AMOUNT_WORDS.test(text);
}

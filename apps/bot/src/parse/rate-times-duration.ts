/**
 * «сапы 1,5к в час, брали на 2 часа», «машина 95$ в день, на 3 дня», «няня по 800 в час, сегодня 4
 * часа», "boat 40 an hour, 3 hours": a price per hour, day or night times how many, said the way the
 * reader knows ("2 x 1,5к"). Numbers are digits by now (number words are read before).
 */
const AMOUNT = String.raw`(?:по\s+)?(\d[\d\s.,]*(?:к|k|тыс\.?|тыщ\p{L}*)?\s*(?:₽|р\.?|руб\.?|рублей|\$|€|евро|лари|лир\p{L}*|usd|eur|gel|try)?)`;
const PER = String.raw`\s*(?:в|за|per|an?|\/)\s*(час|сутки|день|ночь|hour|hr|day|night)(?![\p{L}])`;
const COUNT = String.raw`(?<![\p{L}\d.,])(\d{1,3})\s*(час(?:а|ов)?|сут(?:ки|ок)|дн(?:я|ей)|день|ноч(?:и|ей|ь)|hours?|hrs?|days?|nights?)(?![\p{L}])`;

/** hour, day or night, whichever form the word has («часа», «сутки», "nights"). */
function unitOf(word: string): string {
  const w = word.toLowerCase();
  if (/^(час|hour|hr)/.test(w)) return 'hour';
  if (/^(сут|дн|день|day)/.test(w)) return 'day';
  return 'night';
}

export function rateTimesDuration(text: string): string {
  const rate = new RegExp(AMOUNT + PER, 'iu').exec(text);
  if (!rate) return text;
  const unit = unitOf(rate[2]!);
  const rest =
    text.slice(0, rate.index) + ' '.repeat(rate[0].length) + text.slice(rate.index + rate[0].length);
  const count = new RegExp(COUNT, 'giu');
  for (let found = count.exec(rest); found; found = count.exec(rest)) {
    if (unitOf(found[2]!) !== unit) continue;
    const withoutCount = text.slice(0, found.index) + text.slice(found.index + found[0].length);
    // The count's words were after the rate, so the rate stands where it was.
    const at = found.index < rate.index ? rate.index - found[0].length : rate.index;
    return `${withoutCount.slice(0, at)}${found[1]} x ${rate[1]!.trim()}${withoutCount.slice(at + rate[0].length)}`;
  }
  return text;
}

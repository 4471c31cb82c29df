import { normalizeWord } from './words';

/**
 * Dolya's default categories (drizzle/0001) for the category words of Splitwise's and Spliit's
 * exports, as both apps write them in English (Spliit always; Splitwise in an English export),
 * and Dolya's own English names (its CSV export), so a round trip keeps them.
 * A word not listed (another language's, a custom one) gives none: the expense keeps the file's
 * word only in its name when it had no description.
 */
const DOLYA_CATEGORY: Record<string, readonly string[]> = {
  general: ['general', 'uncategorized'],
  food: ['food and drink', 'food & drink', 'dining out', 'liquor'],
  groceries: ['groceries'],
  transport: ['transport', 'transportation', 'bicycle', 'bus/train', 'car', 'gas/fuel', 'parking', 'taxi'],
  travel: ['travel', 'hotel', 'plane'],
  housing: ['housing', 'home', 'rent', 'mortgage', 'maintenance', 'services'],
  utilities: ['utilities', 'cleaning', 'electricity', 'heat/gas', 'trash', 'tv/phone/internet', 'water'],
  entertainment: ['entertainment', 'games', 'movies', 'music', 'sports'],
  shopping: ['shopping', 'electronics', 'furniture', 'household supplies', 'clothing'],
  health: ['health', 'medical expenses'],
  gifts: ['gifts'],
  other: ['childcare', 'education', 'insurance', 'taxes', 'pets', 'other'],
};

const BY_WORD = new Map(
  Object.entries(DOLYA_CATEGORY).flatMap(([id, words]) => words.map((word) => [normalizeWord(word), id])),
);

/** The Dolya category id for a file's category word, or undefined when it has no match. */
export function dolyaCategory(word: string): string | undefined {
  return BY_WORD.get(normalizeWord(word));
}

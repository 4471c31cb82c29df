import {
  Car,
  Clapperboard,
  Ellipsis,
  Gift,
  HeartPulse,
  House,
  Lightbulb,
  type LucideIcon,
  Plane,
  Receipt,
  ShoppingBag,
  ShoppingBasket,
  Tag,
  Utensils,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A category as the API gives it: its stable id, and names for groups' own categories. */
export interface CategoryLike {
  id: string;
  name?: string | null;
  nameRu?: string | null;
}

/** The category a new expense starts with. */
export const DEFAULT_CATEGORY = 'general';

/** One icon per default category (lucide's, drawn like our own icons); others get the tag. */
const ICONS: Record<string, LucideIcon> = {
  general: Tag,
  food: Utensils,
  groceries: ShoppingBasket,
  transport: Car,
  housing: House,
  utilities: Lightbulb,
  entertainment: Clapperboard,
  travel: Plane,
  shopping: ShoppingBag,
  health: HeartPulse,
  gifts: Gift,
  other: Ellipsis,
};

/** A category's icon, decorative (the text beside it names the category); a receipt for none. */
export function CategoryIcon({ id, size = 18 }: { id: string | null | undefined; size?: number }) {
  const Icon = id ? (ICONS[id] ?? Tag) : Receipt;
  return <Icon size={size} strokeWidth={2} aria-hidden="true" focusable="false" />;
}

/**
 * A category's name in the interface language: the default ones by id from the texts, a group's
 * own by the name it was given (Russian where it has one); null or absent: "no category".
 */
export function useCategoryName() {
  const { t, i18n } = useTranslation('common');
  return (category: CategoryLike | null | undefined): string => {
    if (!category) return t('categories.none');
    const own = i18n.language === 'ru' ? (category.nameRu ?? category.name) : category.name;
    return t(`categories.${category.id}` as 'categories.none', { defaultValue: own ?? category.id });
  };
}

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

/**
 * A category's icon, decorative (the text beside it names the category); a receipt for none. The
 * default export: loaded after the first screen (React.lazy, LazyCategoryIcon).
 */
export default function CategoryIcon({ id, size = 18 }: { id: string | null | undefined; size?: number }) {
  const Icon = id ? (ICONS[id] ?? Tag) : Receipt;
  return <Icon size={size} strokeWidth={2} aria-hidden="true" focusable="false" />;
}

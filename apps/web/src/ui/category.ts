import { useTranslation } from 'react-i18next';

/** A category as the API gives it: its stable id, and names for groups' own categories. */
export interface CategoryLike {
  id: string;
  name?: string | null;
  nameRu?: string | null;
}

/** The category a new expense starts with. */
export const DEFAULT_CATEGORY = 'general';

/**
 * A category's name in the interface language: the default ones by id from the texts, a group's
 * own by the name it was given (Russian where it has one); null or absent: "no category".
 */
export function useCategoryName() {
  // The names live with the group's texts, loaded on every signed-in screen (not on /login).
  const { t, i18n } = useTranslation('group');
  return (category: CategoryLike | null | undefined): string => {
    if (!category) return t('categories.none');
    const own = i18n.language === 'ru' ? (category.nameRu ?? category.name) : category.name;
    return t(`categories.${category.id}` as 'categories.none', { defaultValue: own ?? category.id });
  };
}

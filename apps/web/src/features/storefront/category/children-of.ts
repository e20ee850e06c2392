/**
 * The sub-categories of the current category. None while the category is unknown: a parent's own
 * parent is unset, so filtering by an undefined id would list every parent category.
 */
export function childrenOf<T extends { parentCategory?: { id: number } | null }>(
  categories: readonly T[] | undefined,
  categoryId: number | undefined,
): T[] {
  if (categoryId === undefined) return [];
  return (categories ?? []).filter((c) => c.parentCategory?.id === categoryId);
}

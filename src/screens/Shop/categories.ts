/** The shop's categories in the order a student shops for school; others follow as the server names them. */
export const KNOWN_CATEGORIES = [
  'textbooks',
  'past-papers',
  'calculators',
  'stationery',
  'uniforms',
  'accessories',
] as const;

export const isKnownCategory = (category: string): category is (typeof KNOWN_CATEGORIES)[number] =>
  (KNOWN_CATEGORIES as readonly string[]).includes(category);

export function orderedCategories(present: Iterable<string>): string[] {
  const all = [...new Set(present)];
  const rank = (category: string) =>
    isKnownCategory(category) ? KNOWN_CATEGORIES.indexOf(category) : KNOWN_CATEGORIES.length;
  return all.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Lower case without accents: 'calculatrice' finds 'Calculatrice', 'ecouteurs' finds 'Écouteurs'. */
export const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

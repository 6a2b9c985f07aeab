/**
 * A dictionary's string at a dotted key, for the words the build writes into the page (the drawn first card,
 * the drawn lesson): a key missing from a language's dictionary fails the build, not a student's screen.
 */
export function dictionaryText(lang: string, dictionary: Record<string, unknown>): (key: string) => string {
  return (key) => {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], dictionary);
    if (typeof value !== 'string') throw new Error(`${key} is missing from the ${lang} dictionary`);
    return value;
  };
}

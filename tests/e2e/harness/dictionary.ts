import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type Lang = 'en' | 'fr';

type Dictionary = { [key: string]: string | Dictionary };

const cache = new Map<Lang, Dictionary>();

function load(lang: Lang): Dictionary {
  let dictionary = cache.get(lang);
  if (!dictionary) {
    const file = resolve(import.meta.dirname, '..', '..', '..', 'public', 'assets', 'i18n', `${lang}.json`);
    dictionary = JSON.parse(readFileSync(file, 'utf8')) as Dictionary;
    cache.set(lang, dictionary);
  }
  return dictionary;
}

/**
 * The text the app shows for a key, read from the same dictionaries the app loads, so a French journey
 * follows the French wording wherever it changes. Interpolation is i18next's default `{{name}}`.
 */
export function text(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  let node: string | Dictionary | undefined = load(lang);
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`No string "${key}" in ${lang}.json`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Whether a key exists: the journeys use it to follow keys a screen may name differently. */
export function hasText(lang: Lang, key: string): boolean {
  try {
    text(lang, key);
    return true;
  } catch {
    return false;
  }
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../machines/messages';
import en from '../../../public/assets/i18n/en.json';
import fr from '../../../public/assets/i18n/fr.json';

type Dictionary = { [key: string]: string | Dictionary };

function flatten(dict: Dictionary, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(dict)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const EN = flatten(en as Dictionary);
const FR = flatten(fr as Dictionary);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const UI_FILES = [...sourceFiles('src/ui'), ...sourceFiles('src/screens'), ...sourceFiles('src/app')].filter(
  (f) => f.endsWith('.tsx'),
);
// Attributes a person reads or hears; their values must be translated like text.
const READ_ATTRIBUTES = new Set(['aria-label', 'alt', 'title', 'placeholder', 'label', 'aria-description']);
// Text that is not language: numbers, symbols, units of a format (×, −, +, FCFA are the same in both).
const NOT_WORDS = /^[\s\d.,:;!?%×−+\-–—/()·•…|*#@&<>«»'"`©]*$/;

interface Finding {
  file: string;
  line: number;
  text: string;
}

function untranslatedText(file: string, text = readFileSync(file, 'utf8')): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) =>
    findings.push({
      file,
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: text.trim(),
    });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && !NOT_WORDS.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init.text
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression.text
          : null;
      if (literal !== null && !NOT_WORDS.test(literal)) report(node, literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** Every `t('literal.key')` and `i18nKey="…"` in the app, so a key missing from a dictionary fails here. */
function usedKeys(file: string): { key: string; line: number }[] {
  const text = readFileSync(file, 'utf8');
  const keys: { key: string; line: number }[] = [];
  for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) {
    keys.push({ key: match[1] ?? '', line: text.slice(0, match.index).split('\n').length });
  }
  return keys;
}

describe('dictionaries', () => {
  it('have exactly the same keys in English and French', () => {
    const onlyEn = [...EN.keys()].filter((k) => !FR.has(k));
    const onlyFr = [...FR.keys()].filter((k) => !EN.has(k));
    expect({ onlyEn, onlyFr }).toEqual({ onlyEn: [], onlyFr: [] });
  });

  it('have no empty text and keep the same {{placeholders}} in both languages', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of EN) {
      expect(text.trim(), key).not.toBe('');
      expect(FR.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(FR.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('hold every machine message word for word in English (docs/product.md §5, §8)', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(EN.get(`messages.${key}`), key).toBe(text.replace(/\{(\w+)\}/g, '{{$1}}'));
    }
  });

  it('define every key the UI asks for', () => {
    const missing = [...sourceFiles('src')]
      .flatMap((file) => usedKeys(file).map((use) => ({ ...use, file })))
      .filter(({ key }) => !EN.has(key) && ![...EN.keys()].some((k) => k.startsWith(`${key}_`)));
    expect(missing).toEqual([]);
  });
});

describe('the UI', () => {
  it('shows no text that does not come from a dictionary', () => {
    const findings = UI_FILES.flatMap((file) => untranslatedText(file));
    expect(findings).toEqual([]);
  });

  it('is checked by a rule that catches literal text and read attributes (the check itself can fail)', () => {
    const probe = '<p title="Hello" aria-label={t("a.b")}>Hello {t("a.b")} 12 × 2</p>';
    expect(untranslatedText('probe.tsx', probe).map((f) => f.text)).toEqual(['Hello', 'Hello']);
  });
});

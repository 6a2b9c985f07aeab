/**
 * The API contract's two import rules (contract/README.md):
 * - contract/ imports only zod and its own files, so the server and the app can both take it whole;
 * - the app (src/) and the machines (machines/) take it with `import type` / `export type` only, so zod never
 *   enters the app's bundle (`import { type X }` is not enough: under verbatimModuleSyntax it leaves
 *   `import {} from '…'`, which still loads the module). A contract file that reaches no zod (a rule both
 *   sides keep: contract/prices.ts, contract/payment-timing.ts) may be imported as a value.
 * `npx tsx scripts/contract-imports.ts` prints what breaks them and exits 1 when anything does;
 * tests/scripts/contract-imports.test.ts fails on it.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { readProject } from './import-cycles';

/** Every module a file names: static imports and exports (with whether they are type-only), and import(). */
function moduleReferences(file: string): { specifier: string; typeOnly: boolean; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { specifier: string; typeOnly: boolean; line: number }[] = [];
  const add = (node: ts.Node, specifier: ts.Expression | undefined, typeOnly: boolean) => {
    if (specifier === undefined || !ts.isStringLiteral(specifier)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push({ specifier: specifier.text, typeOnly, line });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node, node.moduleSpecifier, node.importClause?.isTypeOnly === true);
    else if (ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node, node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node, node.arguments[0], false);
    // `import('…').T` in a type position is a type: nothing is loaded.
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

type Resolve = (specifier: string, file: string) => string | undefined;

/** Whether loading a contract file loads zod: it imports zod, or a contract file that does, as a value. */
function reachesZod(file: string, resolveIn: Resolve, seen = new Map<string, boolean>()): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false);
  const reaches = moduleReferences(file).some(({ specifier, typeOnly }) => {
    if (typeOnly) return false;
    if (specifier === 'zod' || specifier.startsWith('zod/')) return true;
    const target = resolveIn(specifier, file);
    return target !== undefined && reachesZod(target, resolveIn, seen);
  });
  seen.set(file, reaches);
  return reaches;
}

/** What breaks the rules, one line each as `file:line: why`; empty when nothing does. */
export function contractImportViolations(tsconfigPath: string): string[] {
  const { fileNames: files, options } = readProject(tsconfigPath);
  const root = dirname(resolve(tsconfigPath));
  const folder = (name: string) => `${resolve(root, name)}${sep}`;
  const contract = folder('contract');
  const resolveIn: Resolve = (specifier, file) =>
    ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName;
  const zodReach = new Map<string, boolean>();
  const appSides = [folder('src'), folder('machines')];
  const violations: string[] = [];
  for (const file of files) {
    const inContract = file.startsWith(contract);
    const onAppSide = appSides.some((side) => file.startsWith(side));
    if (!inContract && !onAppSide) continue;
    for (const { specifier, typeOnly, line } of moduleReferences(file)) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
      const target = resolved?.resolvedFileName;
      const where = `${relative(root, file)}:${line}`;
      if (inContract) {
        const own = target !== undefined && !resolved?.isExternalLibraryImport && target.startsWith(contract);
        if (!own && specifier !== 'zod')
          violations.push(`${where}: the contract imports '${specifier}' (only zod and contract/ files)`);
      } else if (target?.startsWith(contract) && !typeOnly && reachesZod(target, resolveIn, zodReach)) {
        violations.push(`${where}: '${specifier}' is not a type-only import (it would bundle zod)`);
      }
    }
  }
  return violations;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const violations = contractImportViolations('tsconfig.json');
  for (const violation of violations) console.log(violation);
  console.log(
    violations.length === 0
      ? 'The contract is imported as it should be.'
      : `${violations.length} violation(s).`,
  );
  if (violations.length > 0) process.exit(1);
}

/**
 * Import circles in the project's own TypeScript, type-only imports and dynamic import() included: a circle
 * makes two modules one (neither can be read, tested or loaded lazily without the other). TypeScript's own
 * module resolution (tsconfig.json's paths and extensions) reads the graph; packages are left out.
 * `npx tsx scripts/import-cycles.ts` prints the circles and exits 1 when there is any;
 * tests/scripts/import-cycles.test.ts fails on a new one.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';

/** Each file's imports of other project files (absolute paths). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The project's files and compiler options as a tsconfig.json gives them. */
export function readProject(tsconfigPath: string): ts.ParsedCommandLine {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(tsconfigPath),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error(`Cannot read ${tsconfigPath}`);
  return config;
}

export function importGraph(tsconfigPath: string): ImportGraph {
  const config = readProject(tsconfigPath);
  const graph = new Map<string, string[]>();
  for (const file of config.fileNames) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const imports = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, config.options, ts.sys).resolvedModule;
      if (resolved === undefined || resolved.isExternalLibraryImport) return [];
      return resolved.resolvedFileName.includes('/node_modules/') ? [] : [resolved.resolvedFileName];
    });
    graph.set(file, [...new Set(imports)]);
  }
  return graph;
}

/** The circles: groups of files that all reach each other (Tarjan's strongly connected components). */
export function findCycles(graph: ImportGraph): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, order.get(next) ?? 0));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const cycles = findCycles(importGraph('tsconfig.json'));
  for (const cycle of cycles) console.log(cycle.map((file) => relative(process.cwd(), file)).join('  ↔  '));
  console.log(cycles.length === 0 ? 'No import circles.' : `${cycles.length} import circle(s).`);
  if (cycles.length > 0) process.exit(1);
}

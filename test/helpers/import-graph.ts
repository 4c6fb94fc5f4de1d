// The import graph of the source tree, checked against a table of tiers: an import may go down a
// tier or stay inside its own unit, never up, never sideways to another unit of the same tier,
// and no two files may import each other, directly or round a longer loop (type-only imports
// included: a type cycle is still two files that cannot be understood one without the other).
// Imports are read with TypeScript's parser, so strings and comments that look like imports are not.
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import ts from 'typescript';

/** One row of the table: files under `folders` (relative, ending in `/`) belong to `unit` on `tier`. */
export interface TierRow {
  unit: string;
  /** 1, 1.5 (1b), 2, …: a file may import files of a lower tier. */
  tier: number;
  folders: readonly string[];
}

/** Folders outside the tiers (development tools, tests): they may import anything, nothing tiered may import them. */
export interface TierTable {
  rows: readonly TierRow[];
  outside: readonly string[];
}

export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

export interface Violation {
  kind: 'upward' | 'sideways' | 'outside' | 'unplaced' | 'cycle';
  /** file → imported file (tier a → tier b), or a → b → a (cycle). */
  text: string;
}

type Place = { row: TierRow } | { outside: string } | null;

/** The row (or outside folder) whose folder is the longest prefix of `file`. */
export function placeOf(file: string, table: TierTable): Place {
  let best: Place = null;
  let length = -1;
  for (const row of table.rows) {
    for (const folder of row.folders) {
      if (file.startsWith(folder) && folder.length > length) [best, length] = [{ row }, folder.length];
    }
  }
  for (const folder of table.outside) {
    if (file.startsWith(folder) && folder.length > length) [best, length] = [{ outside: folder }, folder.length];
  }
  return best;
}

export function tierName(tier: number): string {
  return Number.isInteger(tier) ? String(tier) : `${Math.floor(tier)}b`;
}

/** Every module specifier a file names: import/export … from, side-effect imports, import(), import types. */
export function specifiersOf(file: string, source: string): { specifier: string; typeOnly: boolean }[] {
  const kind = file.endsWith('.mjs') || file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = clause !== undefined && (clause.isTypeOnly || allTypeOnly(clause.namedBindings, clause.name));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) found.push({ specifier: expression.text, typeOnly: node.isTypeOnly });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function allTypeOnly(bindings: ts.NamedImportBindings | undefined, defaultName: ts.Identifier | undefined): boolean {
  return (
    defaultName === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** The repository path a relative specifier names (package and `node:` specifiers: null). */
export function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    `${base}/index.ts`,
  ];
  return candidates.find((candidate) => files.has(candidate)) ?? base;
}

export function importEdges(files: ReadonlyMap<string, string>): ImportEdge[] {
  const names = new Set(files.keys());
  const edges: ImportEdge[] = [];
  for (const [file, source] of files) {
    for (const { specifier, typeOnly } of specifiersOf(file, source)) {
      const to = resolveSpecifier(file, specifier, names);
      if (to !== null) edges.push({ from: file, to, typeOnly });
    }
  }
  return edges;
}

function describePlace(place: Place): string {
  if (place === null) return 'no tier';
  if ('outside' in place) return `outside the tiers, ${place.outside}`;
  return `tier ${tierName(place.row.tier)} ${place.row.unit}`;
}

export function layerViolations(files: ReadonlyMap<string, string>, table: TierTable): Violation[] {
  const violations: Violation[] = [];
  for (const file of files.keys()) {
    if (placeOf(file, table) === null)
      violations.push({ kind: 'unplaced', text: `${file} is in no unit of the tiers table` });
  }
  for (const edge of importEdges(files)) {
    const from = placeOf(edge.from, table);
    if (from === null || 'outside' in from) continue;
    const to = placeOf(edge.to, table);
    const line = (kind: Violation['kind']): Violation => ({
      kind,
      text: `${edge.from} → ${edge.to} (${describePlace(from)} → ${describePlace(to)})${edge.typeOnly ? ' [type-only]' : ''}`,
    });
    if (to === null || 'outside' in to) violations.push(line('outside'));
    else if (to.row.unit === from.row.unit) continue;
    else if (to.row.tier > from.row.tier) violations.push(line('upward'));
    else if (to.row.tier === from.row.tier) violations.push(line('sideways'));
  }
  return [...violations, ...cycles(files)];
}

/** Every strongly connected set of files, each shown as one loop through it. */
export function cycles(files: ReadonlyMap<string, string>): Violation[] {
  const next = new Map<string, Set<string>>();
  for (const edge of importEdges(files)) {
    if (!files.has(edge.to)) continue;
    const targets = next.get(edge.from) ?? new Set<string>();
    targets.add(edge.to);
    next.set(edge.from, targets);
  }
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of [...(next.get(file) ?? [])].sort()) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || next.get(file)?.has(file)) components.push(component);
    }
  };
  for (const file of [...files.keys()].sort()) if (!index.has(file)) connect(file);
  return components.map((component) => ({
    kind: 'cycle',
    text: `${loopThrough(component, next).join(' → ')} (cycle)`,
  }));
}

/** A shortest loop from the component's first file back to itself, by breadth-first search inside the component. */
function loopThrough(component: string[], next: Map<string, Set<string>>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of [...(next.get(file) ?? [])].sort()) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** Every .ts/.mts/.mjs file under the given folders (relative to root), keyed by its path from root. */
export function readSourceTree(root: string, folders: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(posix.join(root, folder), { withFileTypes: true })) {
      const path = posix.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (/\.(ts|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.set(path, readFileSync(posix.join(root, path), 'utf8'));
      }
    }
  };
  for (const folder of folders) walk(folder.replace(/\/$/, ''));
  return files;
}

// The static import graph of the TypeScript sources, read from disk, for the cycle rule. Only
// relative imports that resolve to a source file are edges; packages cannot take part in a cycle.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const CANDIDATE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The source file a relative specifier names (`./x.js` → x.ts, `./dir` → dir/index.ts), or undefined. */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  // Node ESM style: the source of './x.js' is x.ts (TypeScript keeps the emitted extension).
  const stems = /\.(m?js|jsx)$/.test(base) ? [base.replace(/\.(m?)js(x?)$/, '.$1ts$2'), base] : [base];
  for (const stem of stems) {
    for (const suffix of CANDIDATE_SUFFIXES) {
      const file = stem + suffix;
      if (!SOURCE.test(file)) continue;
      try {
        if (statSync(file).isFile()) return file;
      } catch {
        /* not this one */
      }
    }
  }
  return undefined;
}

const cache = new Map(); // file → { mtimeMs, imports }

/**
 * The files `file` imports at load time. Left out, because they cannot make modules evaluate in
 * the wrong order: `import type` / `export type` (erased by the compiler), imports whose every
 * name is `type`, and dynamic `import()` (runs after every module has finished loading).
 */
export function runtimeImports(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.imports;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const imports = [];
  for (const statement of source.statements) {
    const specifier = runtimeSpecifier(statement);
    const target = specifier && resolveImport(file, specifier);
    if (target) imports.push(target);
  }
  cache.set(file, { mtimeMs, imports });
  return imports;
}

function runtimeSpecifier(statement) {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause?.isTypeOnly) return undefined;
    const named = clause?.namedBindings;
    if (
      clause &&
      !clause.name &&
      named &&
      ts.isNamedImports(named) &&
      named.elements.length > 0 &&
      named.elements.every((e) => e.isTypeOnly)
    )
      return undefined;
    return ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
  }
  if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
    const clause = statement.exportClause;
    if (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)) return undefined;
    return ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
  }
  return undefined;
}

/** The shortest chain of runtime imports from `start` to `goal` (both included), or undefined. */
export function importPath(start, goal) {
  const parent = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const chain = [];
      for (let f = goal; f !== undefined; f = parent.get(f)) chain.unshift(f);
      return chain;
    }
    for (const next of runtimeImports(file)) {
      if (parent.has(next)) continue;
      parent.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

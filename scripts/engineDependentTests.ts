import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server test files whose outcome can depend on the database engine: those that open a test
 * database (server/test/helpers/db.ts, directly or through another test module) or read the engine's
 * variables themselves. The PostgreSQL project (vitest.config.ts) runs only these: the others
 * (parsers, extractors, fetchers, config…) never touch a database and would run the same twice.
 * The server's own code reads neither variable, so following the test tree's imports is enough.
 */
const TEST_ROOT = 'server/test';
const DB_HELPER = 'server/test/helpers/db.ts';
const READS_ENGINE = /\b(DOCENT_TEST_ENGINE|TEST_DATABASE_URL)\b/;
// Static and dynamic relative imports: from './x.js', import('./x.js'), import './x.js'.
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function listTs(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listTs(root, rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** './x.js' (or './x') from server/test/a/b.test.ts → server/test/a/x.ts, as TypeScript maps it back. */
function resolveImport(from: string, spec: string): string {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return /\.[cm]?[jt]sx?$/.test(target) ? target.replace(/\.js$/, '.ts') : `${target}.ts`;
}

export function engineDependentTests(root: string): string[] {
  const files = listTs(root, TEST_ROOT);
  const imports = new Map<string, string[]>();
  const dependent = new Set<string>([DB_HELPER]);
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    if (READS_ENGINE.test(text) && file !== DB_HELPER) dependent.add(file);
    imports.set(
      file,
      [...text.matchAll(RELATIVE_IMPORT)].map((m) => resolveImport(file, m[1]!)),
    );
  }
  // Whatever imports a dependent module is dependent: repeat until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const [file, deps] of imports) {
      if (!dependent.has(file) && deps.some((d) => dependent.has(d))) {
        dependent.add(file);
        changed = true;
      }
    }
  }
  return files.filter((f) => f.endsWith('.test.ts') && dependent.has(f)).sort();
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The repository's own eslint.config.js, run over small fixture trees laid out like the repo (in a
 * temporary directory, so the real tree is never touched): each structural rule must fail on a
 * violation and stay quiet on the allowed shape.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let dir: string;
let eslint: ESLint;

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

/** `rule id: file` for every problem in the given fixture files. */
async function problems(...names: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(names.map((n) => path.join(dir, n)));
  return results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${path.relative(dir, r.filePath)}`));
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'docent-lint-'));
  eslint = new ESLint({ cwd: dir, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import cycles', () => {
  it('fails on a cycle between two modules, at both ends, naming the chain', async () => {
    write({
      'server/src/cyc/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'server/src/cyc/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    expect(await problems('server/src/cyc/a.ts', 'server/src/cyc/b.ts')).toEqual([
      'local/no-import-cycles: server/src/cyc/a.ts',
      'local/no-import-cycles: server/src/cyc/b.ts',
    ]);
    const [result] = await eslint.lintFiles([path.join(dir, 'server/src/cyc/a.ts')]);
    expect(result!.messages[0]!.message).toContain('server/src/cyc/a.ts → server/src/cyc/b.ts → server/src/cyc/a.ts');
  });

  it('fails on a longer cycle through a re-export, in the dashboard, widget and shared too', async () => {
    write({
      'dashboard/src/x/one.ts': "import { two } from './two';\nexport const one = two;\n",
      'dashboard/src/x/two.ts': "export { three as two } from './sub';\n",
      'dashboard/src/x/sub/index.ts': "import { one } from '../one';\nexport const three = () => one;\n",
      'widget/src/p.ts': "import './q';\nexport const p = 1;\n",
      'widget/src/q.ts': "import { p } from './p';\nexport const q = p;\n",
      'shared/src/m.ts': "import { n } from './n.js';\nexport const m = n;\n",
      'shared/src/n.ts': "import { m } from './m.js';\nexport const n = m;\n",
    });
    const found = await problems('dashboard/src/x/one.ts', 'widget/src/q.ts', 'shared/src/n.ts');
    expect(found).toEqual([
      'local/no-import-cycles: dashboard/src/x/one.ts',
      'local/no-import-cycles: widget/src/q.ts',
      'local/no-import-cycles: shared/src/n.ts',
    ]);
  });

  it('allows type-only cycles (erased at compile time) and dynamic import() (runs after loading)', async () => {
    write({
      'server/src/types/a.ts': "import type { B } from './b.js';\nexport interface A { b?: B }\nexport const a = 1;\n",
      'server/src/types/b.ts': "import { a } from './a.js';\nexport interface B { n: typeof a }\n",
      'server/src/lazy/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'server/src/lazy/b.ts': "export const b = 1;\nexport const later = () => import('./a.js');\n",
      'server/src/inline/a.ts': "import { type B } from './b.js';\nexport const a = (x: B) => x;\n",
      'server/src/inline/b.ts': "import { a } from './a.js';\nexport type B = typeof a;\n",
    });
    expect(
      await problems(
        'server/src/types/a.ts',
        'server/src/types/b.ts',
        'server/src/lazy/a.ts',
        'server/src/lazy/b.ts',
        'server/src/inline/a.ts',
        'server/src/inline/b.ts',
      ),
    ).toEqual([]);
  });
});

describe('global fetch in the server', () => {
  const lint = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(dir, filePath) })).flatMap((r) => r.messages.map((m) => m.ruleId));

  it('fails on fetch, globalThis.fetch and window.fetch outside the provider client and safeFetch', async () => {
    expect(await lint('server/src/answer/x.ts', "export const get = () => fetch('https://example.com');\n")).toEqual([
      'no-restricted-globals',
    ]);
    expect(await lint('server/src/embeddings/y.ts', "export const get = () => globalThis.fetch('https://example.com');\n")).toEqual([
      'no-restricted-properties',
    ]);
    expect(await lint('server/src/cli/z.ts', "export const get = () => window.fetch('https://example.com');\n")).toEqual([
      'no-restricted-properties',
    ]);
  });

  it('allows it in the provider client and safeFetch, in type positions, and outside the server', async () => {
    const call = "export const get = () => fetch('https://example.com');\n";
    expect(await lint('server/src/provider/http.ts', call)).toEqual([]);
    expect(await lint('server/src/crawl/safeFetch.ts', call)).toEqual([]);
    expect(await lint('server/src/answer/t.ts', 'export type Fetch = typeof fetch;\n')).toEqual([]);
    expect(await lint('shared/src/api/c.ts', call)).toEqual([]);
  });
});

describe('dashboard feature folders', () => {
  const lint = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(dir, filePath) })).flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.message}`));

  it('fails when one feature imports another (static, re-export or lazy)', async () => {
    expect(await lint('dashboard/src/features/detail/Page.tsx', "import { q } from '../chatbots/queries';\nexport const x = q;\n")).toEqual(
      [
        'local/no-cross-feature-imports The "detail" feature imports the "chatbots" feature (../chatbots/queries). Move what both need out of features/ (e.g. dashboard/src/chatbots/).',
      ],
    );
    expect(await lint('dashboard/src/features/a/deep/B.tsx', "export { C } from '../../b/C';\n")).toHaveLength(1);
    expect(await lint('dashboard/src/features/a/L.tsx', "export const L = () => import('../b');\n")).toHaveLength(1);
  });

  it('allows imports within a feature and from the shared dashboard code', async () => {
    const code =
      "import { q } from '../../../chatbots/queries';\nimport { r } from './r';\nimport { s } from '../s';\nexport const x = [q, r, s];\n";
    expect(await lint('dashboard/src/features/detail/sub/Page.tsx', code)).toEqual([]);
    // Outside features/ (the router, the sidebar) anything may be imported.
    expect(await lint('dashboard/src/App.tsx', "export const P = () => import('./features/detail/Page');\n")).toEqual([]);
  });
});

describe('source file size', () => {
  const lint = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(dir, filePath) })).flatMap((r) => r.messages.map((m) => m.ruleId));
  // A file of exactly `bytes` bytes: one statement and a long comment.
  const sized = (bytes: number) => 'export const x = 1;\n' + '// ' + 'x'.repeat(bytes - 'export const x = 1;\n// '.length);

  it('fails on a source file over 12 KB, in every part, and allows one of exactly 12 KB and a longer test', async () => {
    for (const part of ['server/src/a.ts', 'shared/src/a.ts', 'dashboard/src/a.tsx', 'widget/src/a.tsx'])
      expect(await lint(part, sized(12 * 1024 + 1))).toEqual(['local/max-file-size']);
    expect(await lint('server/src/a.ts', sized(12 * 1024))).toEqual([]);
    expect(await lint('server/src/a.test.ts', sized(20 * 1024))).toEqual([]);
  });
});

describe('the data layer and the API shapes', () => {
  const lint = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(dir, filePath) })).flatMap((r) => r.messages.map((m) => m.ruleId));
  const rule = 'local/no-api-shapes-in-data-layer';

  it('fails when a repository imports a response type of shared/src/api/, even as a type or through import()', async () => {
    const repo = 'server/src/db/repositories/x.ts';
    expect(await lint(repo, "import type { Chatbot } from '../../../../shared/src/api/types.js';\nexport type C = Chatbot;\n")).toEqual([
      rule,
    ]);
    expect(
      await lint(repo, "import type { InsightSummary } from '../../../../shared/src/api/insights.js';\nexport type S = InsightSummary;\n"),
    ).toEqual([rule]);
    expect(await lint(repo, "export type { Task } from '../../../../shared/src/api/types.js';\n")).toEqual([rule]);
    expect(await lint('server/src/db/db.ts', "export type M = import('../../../shared/src/api/types.js').Message;\n")).toEqual([rule]);
  });

  it('allows the shared vocabulary of shared/src/contract/, and the API types outside the data layer', async () => {
    expect(
      await lint(
        'server/src/db/repositories/x.ts',
        "import type { TaskStatus } from '../../../../shared/src/contract/tasks.js';\nexport type S = TaskStatus;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'server/src/http/presenters/x.ts',
        "import type { Chatbot } from '../../../../shared/src/api/types.js';\nexport type C = Chatbot;\n",
      ),
    ).toEqual([]);
  });
});

describe('the response schemas in the front ends', () => {
  const lint = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(dir, filePath) })).flatMap((r) => r.messages.map((m) => m.ruleId));
  const rule = '@typescript-eslint/no-restricted-imports';

  it('reach the widget and the shared client as types only, so zod stays out of the widget bundle', async () => {
    const asType = "import type { Chatbot } from '../contract/chatbotSchemas';\nexport type C = Chatbot;\n";
    const asValue = "import { chatbotSchema } from '../contract/chatbotSchemas';\nexport const c = chatbotSchema;\n";
    expect(await lint('shared/src/api/x.ts', asType)).toEqual([]);
    expect(await lint('shared/src/api/x.ts', asValue)).toEqual([rule]);
    expect(await lint('widget/src/x.ts', "import { z } from 'zod';\nexport const a = z;\n")).toEqual([rule]);
    expect(
      await lint('shared/src/contract/x.ts', "import { chatbotSchema } from './chatbotSchemas';\nexport const c = chatbotSchema;\n"),
    ).toEqual([]);
  });
});

describe('the shared contract', () => {
  const lint = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(dir, filePath) })).flatMap((r) => r.messages.map((m) => m.ruleId));

  it('is the one part of shared/ the server may import values from', async () => {
    expect(
      await lint(
        'server/src/http/x.ts',
        "import { VISITOR_ID_PATTERN } from '../../../shared/src/contract/visitor.js';\nexport const v = VISITOR_ID_PATTERN;\n",
      ),
    ).toEqual([]);
    expect(
      await lint('server/src/http/x.ts', "import type { Chatbot } from '../../../shared/src/api/types.js';\nexport type C = Chatbot;\n"),
    ).toEqual([]);
    expect(
      await lint(
        'server/src/http/x.ts',
        "import { getVisitorId } from '../../../shared/src/visitor.js';\nexport const g = getVisitorId;\n",
      ),
    ).toEqual(['@typescript-eslint/no-restricted-imports']);
  });

  it('imports nothing but its own files and zod (its response schemas)', async () => {
    expect(await lint('shared/src/contract/a.ts', "import { b } from './b';\nexport const a = b;\n")).toEqual([]);
    expect(await lint('shared/src/contract/a.ts', "import { z } from 'zod';\nexport const a = z;\n")).toEqual([]);
    expect(await lint('shared/src/contract/a.ts', "import { marked } from 'marked';\nexport const a = marked;\n")).toEqual([
      'no-restricted-imports',
    ]);
    expect(await lint('shared/src/contract/a.ts', "import { getVisitorId } from '../visitor';\nexport const a = getVisitorId;\n")).toEqual([
      'no-restricted-imports',
    ]);
  });
});

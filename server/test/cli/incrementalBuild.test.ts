import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { build } from '../../../scripts/build.mjs';

/**
 * `npm start`'s build step (scripts/build.mjs) in a scratch tree laid out like the repo, whose
 * build:widget and build:dashboard scripts write the expected outputs and log each run: a part is
 * built again exactly when a file that feeds it changed, or its output is gone, or its last build failed.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const runBuild = build as (opts: { force?: boolean; root: string }) => string[];
let root: string;

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const buildsLogged = () =>
  existsSync(path.join(root, 'builds.log')) ? readFileSync(path.join(root, 'builds.log'), 'utf8').trim().split('\n') : [];

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-build-'));
  mkdirSync(path.join(root, 'scripts'));
  for (const f of ['build.mjs', 'precompress.mjs']) copyFileSync(path.join(repoRoot, 'scripts', f), path.join(root, 'scripts', f));
  // Each "build" writes its part's outputs (big enough to be precompressed) and logs its name; FAIL=part makes it fail.
  write(
    'fakeBuild.mjs',
    `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
const [part, ...files] = process.argv.slice(2);
if (process.env.FAIL === part) process.exit(1);
mkdirSync(part + '/dist', { recursive: true });
for (const f of files) writeFileSync(part + '/dist/' + f, 'x'.repeat(2000));
appendFileSync('builds.log', part + '\\n');
`,
  );
  write(
    'package.json',
    JSON.stringify({
      type: 'module',
      scripts: {
        'build:widget': 'node fakeBuild.mjs widget widget.js widget-panel.js widget.css',
        'build:dashboard': 'node fakeBuild.mjs dashboard index.html theme-init.js',
      },
    }),
  );
  write('package-lock.json', '{}');
  write('tsconfig.json', '{}');
  write('rollup.config.mjs', 'export default [];');
  write('widget/src/main.ts', 'export const a = 1;');
  write('dashboard/src/main.tsx', 'export const b = 1;');
  write('dashboard/index.html', '<div id="root"></div>');
  write('dashboard/vite.config.ts', 'export default {};');
  write('shared/src/client.ts', 'export const c = 1;');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the build before npm start', () => {
  it('builds both parts the first time, precompressed, and nothing when nothing changed', () => {
    expect(runBuild({ root })).toEqual(['widget', 'dashboard']);
    expect(existsSync(path.join(root, 'widget/dist/widget.js.br'))).toBe(true);
    expect(existsSync(path.join(root, 'dashboard/dist/index.html.gz'))).toBe(true);
    expect(runBuild({ root })).toEqual([]);
    expect(buildsLogged()).toEqual(['widget', 'dashboard']);
  });

  it('rebuilds only the part whose own sources changed, and both when shared code or the lockfile did', () => {
    write('widget/src/main.ts', 'export const a = 2;');
    expect(runBuild({ root })).toEqual(['widget']);
    write('dashboard/src/page.tsx', 'export const d = 1;');
    expect(runBuild({ root })).toEqual(['dashboard']);
    write('shared/src/client.ts', 'export const c = 2;');
    expect(runBuild({ root })).toEqual(['widget', 'dashboard']);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(runBuild({ root })).toEqual(['widget', 'dashboard']);
  });

  it('does not rebuild for a test file, but does when an output is missing or on --force', () => {
    write('shared/src/client.test.ts', 'it("x", () => {});');
    expect(runBuild({ root })).toEqual([]);
    rmSync(path.join(root, 'dashboard/dist/index.html'));
    expect(runBuild({ root })).toEqual(['dashboard']);
    expect(runBuild({ root, force: true })).toEqual(['widget', 'dashboard']);
  });

  it('builds again after a failed build, even if the inputs are back as they were', () => {
    write('widget/src/main.ts', 'export const a = 3;');
    process.env.FAIL = 'widget';
    try {
      expect(() => runBuild({ root })).toThrow('widget: npm run build:widget failed');
    } finally {
      delete process.env.FAIL;
    }
    write('widget/src/main.ts', 'export const a = 2;');
    expect(runBuild({ root })).toEqual(['widget']);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import cssnano from 'cssnano';
import esbuild from 'rollup-plugin-esbuild';
import postcss from 'rollup-plugin-postcss';

/**
 * chat.css takes its colour tokens from shared/src/chat/tokens.css by `@import` (Vite inlines that
 * on the dashboard); the widget's stylesheet is one file, so the import is inlined here as well.
 */
const inlineCssImports = {
  postcssPlugin: 'docent-inline-css-imports',
  Once(root, { parse }) {
    root.walkAtRules('import', (rule) => {
      const file = path.resolve(path.dirname(rule.source.input.file), rule.params.replace(/^(['"])(.*)\1$/, '$2'));
      rule.replaceWith(parse(readFileSync(file, 'utf8'), { from: file }).nodes);
    });
  },
};

/**
 * The embeddable widget, as two self-contained IIFEs and one stylesheet:
 * - widget/dist/widget.js, the launcher the embed snippet loads: plain DOM, paints the bubble;
 * - widget/dist/widget-panel.js, the chat panel (Preact, markdown, sanitizer), which the launcher
 *   adds to the page on first open or when the page is idle (widget/src/panelScript.ts);
 * - widget/dist/widget.css: the shared chat thread + widget chrome.
 * The shared chat code is written against React's API; here `react` is Preact (widget/src/reactOnPreact.ts).
 */
const plugins = (withCss) => [
  alias({
    entries: [
      // Plain Preact plus the little of React's API the chat uses (widget/src/reactOnPreact.ts), not preact/compat.
      { find: /^react$/, replacement: path.resolve(import.meta.dirname, 'widget/src/reactOnPreact.ts') },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  }),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
  commonjs(),
  ...(withCss ? [postcss({ extract: 'widget.css', minimize: false, plugins: [inlineCssImports, cssnano({ preset: 'default' })] })] : []),
  esbuild({ include: /\.[jt]sx?$/, target: 'es2021', jsx: 'automatic', jsxImportSource: 'preact', tsconfig: 'tsconfig.json' }),
  terser({ ecma: 2020, compress: { passes: 3, pure_getters: true, unsafe_arrows: true }, format: { comments: false } }),
];

// Keep everything private to each closure; only the registry (window.__docentWidget__) and
// window.DocentChat (mount/unmount) are global.
const treeshake = { moduleSideEffects: (id) => !id.includes('node_modules') || /\.css$/.test(id) || id.includes('preact/compat') };

export default [
  {
    input: 'widget/src/main.ts',
    output: { file: 'widget/dist/widget.js', format: 'iife', sourcemap: false, strict: true },
    treeshake,
    plugins: plugins(true),
  },
  {
    input: 'widget/src/panelEntry.ts',
    output: { file: 'widget/dist/widget-panel.js', format: 'iife', sourcemap: false, strict: true },
    treeshake,
    plugins: plugins(false),
  },
];

import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import cssnano from 'cssnano';
import esbuild from 'rollup-plugin-esbuild';
import postcss from 'rollup-plugin-postcss';

/**
 * The embeddable widget: one self-contained IIFE (widget/dist/widget.js, no runtime chunk loading)
 * and one stylesheet (widget/dist/widget.css: the shared chat thread + widget chrome). The shared
 * chat code is written against React's API; here `react`/`react-dom` become preact/compat.
 */
export default {
  input: 'widget/src/main.ts',
  output: {
    file: 'widget/dist/widget.js',
    format: 'iife',
    sourcemap: false,
    // Keep everything private to the closure; only the mount registry and window.DocentChat (mount/unmount) are global.
    strict: true,
  },
  treeshake: { moduleSideEffects: (id) => !id.includes('node_modules') || /\.css$/.test(id) || id.includes('preact/compat') },
  plugins: [
    alias({
      entries: [
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      ],
    }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
    commonjs(),
    postcss({ extract: 'widget.css', minimize: false, plugins: [cssnano({ preset: 'default' })] }),
    esbuild({ include: /\.[jt]sx?$/, target: 'es2021', jsx: 'automatic', jsxImportSource: 'preact', tsconfig: 'tsconfig.json' }),
    terser({ ecma: 2020, compress: { passes: 3, pure_getters: true, unsafe_arrows: true }, format: { comments: false } }),
  ],
};

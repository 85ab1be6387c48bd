import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * /theme-init.js, the script index.html runs before the stylesheet: the theme module
 * (shared/src/theme.ts) bundled on its own as a classic script, so the pre-paint rule is the app's
 * own code, not a copy of it. Emitted with the build; served by the dev server.
 */
function themeInit(): Plugin {
  let code: Promise<string> | undefined;
  const bundle = () =>
    (code ??= build({
      configFile: false,
      logLevel: 'warn',
      root,
      build: {
        write: false,
        minify: true,
        lib: { entry: path.join(root, 'src/theme/paint.ts'), formats: ['iife'], name: 'docentThemeInit' },
      },
    }).then((out) => {
      const first = (Array.isArray(out) ? out[0] : out) as Rollup.RollupOutput;
      return first.output[0].code;
    }));
  return {
    name: 'docent-theme-init',
    configureServer(server) {
      server.middlewares.use('/theme-init.js', (_req, res, next) => {
        bundle().then((js) => {
          res.setHeader('content-type', 'text/javascript');
          res.end(js);
        }, next);
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'theme-init.js', source: await bundle() });
    },
  };
}

/** The dashboard: built to dashboard/dist and served by the API server at /. */
export default defineConfig({
  root,
  base: '/',
  plugins: [react(), themeInit()],
  publicDir: path.join(root, 'public'),
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    // In development the API (and the widget, demo site) come from the real server.
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/widget': 'http://127.0.0.1:3000',
      '/demo': 'http://127.0.0.1:3000',
    },
  },
});

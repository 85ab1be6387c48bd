import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * Security headers for served pages. The dashboard loads no inline script; Firebase sign-in needs
 * Google's script and frames, and in emulator mode the emulator's origin.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers helmet sets, worked out once. They depend on the configuration only (no directive is
 * a function of the request), and @fastify/helmet rebuilt helmet, parsing every directive, on each
 * request: about 4% of the server's thread on the message listing.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  const google = ['https://apis.google.com', 'https://*.googleapis.com', 'https://*.firebaseapp.com', 'https://www.gstatic.com'];
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google, ...emulator],
        frameSrc: ["'self'", ...google, ...emulator],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Widget assets are loaded cross-origin by design.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup needs to talk back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  } as unknown as Parameters<typeof middleware>[1];
  middleware({} as Parameters<typeof middleware>[0], recorder, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

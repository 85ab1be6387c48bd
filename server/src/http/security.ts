import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * Security headers for served pages. The dashboard loads no inline script; Firebase sign-in needs
 * Google's script and frames, and in emulator mode the emulator's origin.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  const google = ['https://apis.google.com', 'https://*.googleapis.com', 'https://*.firebaseapp.com', 'https://www.gstatic.com'];
  await app.register(helmet, {
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
    hsts: config.publicUrl.startsWith('https://'),
  });
}

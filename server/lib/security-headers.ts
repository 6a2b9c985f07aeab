import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { inlineScriptHashes } from './app-page';

/**
 * Helmet's headers, computed once at start. @fastify/helmet rebuilds helmet's middleware (and re-parses the
 * CSP) on every request, which measured as a fifth of the catalogue calls' CPU; the policy is static, so it
 * is worked out once by helmet itself and then copied onto each reply.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure;
  return headers;
}

/** The headers of every reply: the app's content security policy and helmet's other defaults. */
export function appSecurityHeaders(staticDir: string): Record<string, string> {
  return securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The prerendered page's first-screen script, by its hash (server/lib/app-page.ts).
        scriptSrc: ["'self'", ...inlineScriptHashes(staticDir)],
        // React sets style attributes; Vite may inline critical CSS.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // News pictures come from the news sites themselves.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The native shell (capacitor://localhost) and other origins load media and pictures from here.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

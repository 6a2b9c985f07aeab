import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
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

/** The headers of a document (the app's pages, its scripts and styles, pictures, the API docs): the app's content security policy and helmet's other defaults. */
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

/**
 * A JSON answer is read by the app's code, never shown as a page: of the document's headers it keeps what
 * still means something for it (issue 12: they were 900 bytes of every catalogue answer). No sniffing it
 * into HTML or script, HTTPS only, and should it ever be opened as a page, nothing runs or loads in it and
 * no other page frames it. The API's callers include the native shell, which loads no page from here.
 */
export const JSON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

export interface SecurityHeaders {
  /** Set on every reply as it starts, whatever it turns out to be. */
  everyReply: Readonly<Record<string, string>>;
  /** Added once the reply is known to be JSON, or anything else. */
  json: ReadonlyArray<[string, string]>;
  document: ReadonlyArray<[string, string]>;
}

export function securityHeadersByKind(staticDir: string): SecurityHeaders {
  const document = appSecurityHeaders(staticDir);
  const everyReply: Record<string, string> = {};
  for (const [name, value] of Object.entries(JSON_SECURITY_HEADERS)) {
    if (document[name] === value) everyReply[name] = value;
  }
  // HSTS is the server's to say on every answer over HTTPS: API-only callers (the native shell) get it too.
  const hsts = document['strict-transport-security'];
  if (hsts !== undefined) everyReply['strict-transport-security'] = hsts;
  const rest = (headers: Record<string, string>) =>
    Object.entries(headers).filter(([name]) => everyReply[name] === undefined);
  return { everyReply, json: rest({ ...JSON_SECURITY_HEADERS }), document: rest(document) };
}

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);

/**
 * onSend: the headers of the reply's kind. What a route set itself stays (the API docs' page has its own
 * content security policy).
 */
export function addSecurityHeadersByKind(reply: FastifyReply, headers: SecurityHeaders): void {
  for (const [name, value] of isJson(reply.getHeader('content-type')) ? headers.json : headers.document) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
}

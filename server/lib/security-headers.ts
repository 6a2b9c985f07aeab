import type { FastifyReply } from 'fastify';
import { inlineScriptHashes } from './app-page';

// The security headers, written out: the app's content security policy and the hardening headers every
// browser honours (the set helmet 8 sends by default, with the app's own choices below), computed once at
// start and copied onto each reply. Written here rather than worked out by running helmet on a fake reply, so
// a reader sees every header and value the server sends, and a library update cannot change them unseen.

/** The app's content security policy, directive by directive. */
function appContentSecurityPolicy(staticDir: string): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['font-src', ["'self'", 'data:']],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
    // News pictures come from the news sites themselves.
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['object-src', ["'none'"]],
    // The prerendered page's first-screen script, by its hash (server/lib/app-page.ts).
    ['script-src', ["'self'", ...inlineScriptHashes(staticDir)]],
    ['script-src-attr', ["'none'"]],
    // React sets style attributes; Vite may inline critical CSS.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['media-src', ["'self'", 'blob:', 'https:']],
    ['connect-src', ["'self'", 'https:']],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';');
}

/** HTTPS only, for a year, subdomains included. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers of a document (the app's pages, its scripts and styles, pictures, the API docs): the app's
 * content security policy and the other hardening headers.
 */
export function appSecurityHeaders(staticDir: string): Record<string, string> {
  return {
    'content-security-policy': appContentSecurityPolicy(staticDir),
    'cross-origin-opener-policy': 'same-origin',
    // The native shell (capacitor://localhost) and other origins load media and pictures from here.
    'cross-origin-resource-policy': 'cross-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': STRICT_TRANSPORT_SECURITY,
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    // The browsers' old XSS auditor did more harm than good: turned off, as OWASP advises.
    'x-xss-protection': '0',
  };
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

/** The headers every reply gets as it starts: no sniffing, and HSTS, the server's to say on every answer
 * over HTTPS (API-only callers such as the native shell get it too). */
const EVERY_REPLY: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'strict-transport-security': STRICT_TRANSPORT_SECURITY,
};

export function securityHeadersByKind(staticDir: string): SecurityHeaders {
  const rest = (headers: Readonly<Record<string, string>>) =>
    Object.entries(headers).filter(([name]) => EVERY_REPLY[name] === undefined);
  return {
    everyReply: EVERY_REPLY,
    json: rest(JSON_SECURITY_HEADERS),
    document: rest(appSecurityHeaders(staticDir)),
  };
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

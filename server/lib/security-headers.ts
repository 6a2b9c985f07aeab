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
 * The headers of a document (the app's pages, the service worker's script, SVG pictures, the API docs, books'
 * files): the app's content security policy and the other hardening headers.
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

/**
 * A file a page loads (a script, a style sheet, a picture, a font, a video) is never a page itself: a content
 * security policy, framing, opener and referrer rules mean nothing on it, and over HTTP/1.1 they were 1.35 KB
 * of every one of the ~40 files before a lesson's first frame (issue 19: about 50 KB, a second at 400 kb/s).
 * It keeps what applies to it: the native shell (capacitor://localhost) loads media and pictures from here.
 */
export const SUBRESOURCE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-resource-policy': 'cross-origin',
};

export interface SecurityHeaders {
  /** Set on every reply as it starts, whatever it turns out to be. */
  everyReply: Readonly<Record<string, string>>;
  /** Added once the reply is known to be JSON, a file a page loads, or anything else (a document). */
  json: ReadonlyArray<[string, string]>;
  subresource: ReadonlyArray<[string, string]>;
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
    subresource: rest(SUBRESOURCE_SECURITY_HEADERS),
    document: rest(appSecurityHeaders(staticDir)),
  };
}

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);

/**
 * The types a page loads and that never run as a page of their own. Not SVG (opened, it runs its scripts),
 * not HTML, PDF or anything unknown: those keep the document's headers.
 */
const SUBRESOURCE_TYPE =
  /^(?:(?:text|application)\/javascript|text\/css|image\/(?!svg)[\w.+-]+|font\/[\w.+-]+|video\/[\w.+-]+|audio\/[\w.+-]+|application\/wasm)\b/i;

/** The service worker's script: a worker's content security policy is the one its own script came with. */
const SERVICE_WORKER_PATH = /^\/sw\.js(?:[?#]|$)/;

function kindOf(reply: FastifyReply, headers: SecurityHeaders): ReadonlyArray<[string, string]> {
  const contentType = reply.getHeader('content-type');
  if (isJson(contentType)) return headers.json;
  const subresource =
    typeof contentType === 'string' &&
    SUBRESOURCE_TYPE.test(contentType) &&
    !SERVICE_WORKER_PATH.test(reply.request.url);
  return subresource ? headers.subresource : headers.document;
}

/**
 * onSend: the headers of the reply's kind. What a route set itself stays (the API docs' page has its own
 * content security policy).
 */
export function addSecurityHeadersByKind(reply: FastifyReply, headers: SecurityHeaders): void {
  for (const [name, value] of kindOf(reply, headers)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
}

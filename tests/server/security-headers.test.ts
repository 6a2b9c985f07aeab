import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { securityHeadersByKind } from '../../server/lib/security-headers';

// The security headers are written out (server/lib/security-headers.ts): exactly these names and values, so
// a change to any of them is a change someone made on purpose.

const staticDir = mkdtempSync(join(tmpdir(), 'security-headers-'));
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const APP_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';media-src 'self' blob: https:;connect-src 'self' https:;worker-src 'self';manifest-src 'self'";

describe('security headers', () => {
  it('are exactly these, for every reply, a JSON answer, a file a page loads and a document', () => {
    const headers = securityHeadersByKind(staticDir);
    expect(headers.everyReply).toEqual({
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(Object.fromEntries(headers.json)).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    expect(Object.fromEntries(headers.subresource)).toEqual({
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(Object.fromEntries(headers.document)).toEqual({
      'content-security-policy': APP_CSP,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'cross-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it("allow the built page's inline scripts by their hash, and nothing else inline", () => {
    writeFileSync(join(staticDir, 'index.html'), '<html><script>start()</script></html>');
    const csp = new Map(securityHeadersByKind(staticDir).document).get('content-security-policy');
    expect(csp).toBe(
      APP_CSP.replace(
        "script-src 'self';",
        "script-src 'self' 'sha256-DIm7WJS6ZKDYe5qFLPy+h4JFI9Bol5QmYC57mt3Fb00=';",
      ),
    );
  });
});

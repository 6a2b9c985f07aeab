import { describe, expect, it } from 'vitest';
import { API_ROOTS } from '../../server/app';
import { SERVER_ROOTS } from '../../src/sw/routes';

// The server and the service worker each keep the list of path roots that are API, not app pages (one runs
// in Node, the other in the worker, and neither should import the other's code): they must agree, or the
// worker would answer an API URL with index.html, or the server a page URL with JSON.
describe('API path roots', () => {
  it('are the same for the server and the service worker', () => {
    expect([...API_ROOTS].sort()).toEqual([...SERVER_ROOTS].sort());
  });
});

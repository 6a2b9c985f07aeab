import { describe, expect, it, vi } from 'vitest';
import { prefetchRouteData } from '../../../src/app/route-lookup';
import type { Endpoints } from '../../../src/services/api/endpoints';

// Issue 12: the list the first screen shows is asked for while the screen's code loads; the API client's
// session cache hands the answer to the screen's own call.

function api(fetchSubjects = vi.fn(() => Promise.resolve([]))) {
  return { endpoints: { fetchSubjects } as unknown as Endpoints, fetchSubjects };
}

describe('the first screen’s data', () => {
  it('is asked for when the app opens on the catalogue, query and all', () => {
    const { endpoints, fetchSubjects } = api();
    prefetchRouteData('#/home?section=francophone', endpoints, false);
    expect(fetchSubjects).toHaveBeenCalledTimes(1);
  });

  it('is asked for on a protected route only with a session', () => {
    const visitor = api();
    prefetchRouteData('#/study-sections', visitor.endpoints, false);
    expect(visitor.fetchSubjects).not.toHaveBeenCalled();
    const student = api();
    prefetchRouteData('#/study-sections', student.endpoints, true);
    expect(student.fetchSubjects).toHaveBeenCalledTimes(1);
  });

  it("asks for home's Continue beside the catalogue only for a stored student who may study now", () => {
    const fetchContinue = vi.fn(() => Promise.resolve({ success: true, resume: null, nextUp: null }));
    const fetchSubjects = vi.fn(() => Promise.resolve([]));
    const endpoints = { fetchSubjects, fetchContinue } as unknown as Endpoints;
    // A visitor, and a student with nothing to study: the catalogue alone, nothing more to wait for.
    prefetchRouteData('#/home', endpoints, false);
    prefetchRouteData('#/home', endpoints, true, false);
    expect(fetchContinue).not.toHaveBeenCalled();
    expect(fetchSubjects).toHaveBeenCalledTimes(2);
    prefetchRouteData('#/home?section=francophone', endpoints, true, true);
    expect(fetchContinue).toHaveBeenCalledTimes(1);
    expect(fetchSubjects).toHaveBeenCalledTimes(3);
    // Another route's first screen does not show it.
    prefetchRouteData('#/study-sections', endpoints, true, true);
    expect(fetchContinue).toHaveBeenCalledTimes(1);
  });

  it('is nothing for a screen that declares none, or the landing', () => {
    const { endpoints, fetchSubjects } = api();
    prefetchRouteData('#/landing', endpoints, true);
    prefetchRouteData('#/profile', endpoints, true);
    prefetchRouteData('', endpoints, false);
    expect(fetchSubjects).not.toHaveBeenCalled();
  });

  it('leaves a failure to the screen, which asks again: no unhandled rejection', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const { endpoints } = api(failing);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    prefetchRouteData('#/home', endpoints, false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

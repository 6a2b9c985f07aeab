import { accountEndpoints } from './account-endpoints';
import { catalogueEndpoints, paymentEndpoints } from './catalogue-endpoints';
import type { ApiClient } from './client';
import { contentEndpoints } from './content-endpoints';
import { callShapes } from './endpoint-shapes';
import { videoEndpoints } from './video-endpoints';

/**
 * One function per call of docs/api.md, grouped by area (each group in its own module; endpoint-shapes.ts says
 * which calls are retried, cached, or make cached lists stale). The shop's orders have their own module
 * (order-endpoints.ts), loaded with the order checkout.
 */
export function createEndpoints(client: ApiClient) {
  const calls = callShapes(client);
  return {
    ...accountEndpoints(calls),
    ...videoEndpoints(calls),
    ...catalogueEndpoints(calls),
    ...paymentEndpoints(calls),
    ...contentEndpoints(calls),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
export type EndpointName = keyof Endpoints;

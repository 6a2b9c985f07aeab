import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isStorageError, storageUnavailable } from './disk-guard';
import { HttpError, isBadInputError, isUnavailableError } from './errors';
import { t } from './i18n';
import { tooManyRequests } from './rate-limits';

/** Seconds a client is asked to wait (Retry-After) when the database or a provider is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Every failure body: the request id lets a student's report be matched with the server's log lines. */
export function sendError(reply: FastifyReply, status: number, msg: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ success: false, msg, requestId: reply.request.id });
}

function validationField(error: FastifyError): { field: string; missing: boolean } {
  const first = error.validation?.[0];
  const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missingProperty = (first?.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  if (typeof missingProperty === 'string') return { field: missingProperty, missing: true };
  const missing = typeof first?.message === 'string' && first.message.includes('received undefined');
  return { field: path === '' ? (error.validationContext ?? 'body') : path, missing };
}

/** The router's limit on one path parameter: far above any id, so that the route's schema refuses one. */
export const MAX_PATH_PARAM_LENGTH = 16_384;

/**
 * Fastify's frameworkErrors: a path segment the router refuses (malformed, or over MAX_PATH_PARAM_LENGTH):
 * the 400 every route documents, as the invalid field it is.
 */
export function routerErrorHandler(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  return sendError(reply, 400, t(request, 'invalidField', { field: 'path' }));
}

/**
 * The one error handler: every failure becomes `{success: false, msg, requestId}` with msg in the request's
 * language and the right status; bad input is never a 500, an unavailable dependency a 503 with Retry-After.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return sendError(reply, error.statusCode, t(request, error.messageKey, error.params));
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation !== undefined) {
    const { field, missing } = validationField(error);
    return sendError(reply, 400, t(request, missing ? 'missingField' : 'invalidField', { field }));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendError(reply, 413, t(request, 'tooLarge'));
    case 'FST_REQ_FILE_TOO_LARGE':
      return sendError(reply, 413, t(request, 'fileTooLarge'));
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return sendError(reply, 400, t(request, 'invalidJson'));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return sendError(reply, 400, t(request, 'missingField', { field: 'body' }));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return sendError(reply, 415, t(request, 'unsupportedMediaType'));
  }
  if (isStorageError(error)) {
    // Nothing was kept of the write: a file is written aside and renamed, a transaction rolled back.
    request.log.error({ err: error }, 'storage full or not writable: the write was refused (503)');
    const refused = storageUnavailable();
    reply.headers(refused.headers);
    return sendError(reply, 503, t(request, refused.messageKey));
  }
  if (isUnavailableError(error)) {
    request.log.warn({ err: error }, 'dependency unavailable');
    if (error.name !== 'DependencyError') request.server.metrics.databaseUnavailable.inc();
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return sendError(reply, 503, t(request, 'dependencyDown'));
  }
  if (isBadInputError(error)) {
    request.log.warn({ err: error }, 'input refused by the database that validation let through');
    return sendError(reply, 400, t(request, 'invalidField', { field: 'body' }));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const key =
      { 401: 'unauthorized', 403: 'forbidden', 404: 'notFound', 413: 'tooLarge', 429: 'rateLimited' }[
        status
      ] ?? 'invalidField';
    if (status === 429) {
      const fallback = tooManyRequests(60_000);
      reply.headers(fallback.headers);
      return sendError(reply, 429, t(request, fallback.messageKey, fallback.params));
    }
    return sendError(reply, status, t(request, key, { field: 'body' }));
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, t(request, 'serverError'));
}

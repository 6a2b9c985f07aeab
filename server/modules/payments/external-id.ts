import { HttpError } from '../../lib/errors';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** docs/product.md §7's order reference, ORDER_{userId}_{timestamp}, of the caller itself; else a 400. */
export function checkExternalId(studentId: string, externalId: string): void {
  if (!new RegExp(`^ORDER_${escapeRegExp(studentId)}_\\d{10,16}$`).test(externalId)) {
    throw new HttpError(400, 'invalidField', { field: 'externalId' });
  }
}

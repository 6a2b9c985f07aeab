/**
 * The shapes exchanged with the API, written from API.md, one file an area; the app imports them from here.
 * Once the server runs, the OpenAPI document it serves at /docs is the source of truth; where they disagree,
 * these files are the ones to change. Ids are strings; money is a whole number of XAF; dates are ISO 8601.
 */

export type * from './account-types';
export type * from './catalogue-types';
export type * from './common-types';
export type * from './content-types';
export type * from './payment-types';

// Plain constants of the HTTP contract. Kept apart from the schemas so that code which needs
// only these (the portal's first screen) does not load the schema library.

/** The API lives under this prefix so it never collides with portal routes (/queries, /test/{id}...). */
export const API_PREFIX = '/api';

/** The header that carries the session token on every call (spec section 7). */
export const ACCESS_TOKEN_HEADER = 'x-access-token';

/** Reply type 100: the attempt was already submitted (spec: 'Test already submitted.'). */
export const ALREADY_SUBMITTED_TYPE = 100;
export const ALREADY_SUBMITTED_MESSAGE = 'Test already submitted.';

/** The page's meta naming the opening route's first GETs and screen chunks (portal/src/lib/early-data.ts reads it). */
export const EARLY_DATA_META = 'invigil-early-data';

/**
 * Addresses are kept in memory only, as a keyed hash whose key changes this often, in hours
 * (the privacy page tells it: `GET /api/privacy`).
 */
export const ADDRESS_KEY_HOURS = 24;

/**
 * A module that does not follow the contract: it exports no `Headers`.
 *
 * @module
 */

/** Not a Headers class. */
export const notHeaders = 1;

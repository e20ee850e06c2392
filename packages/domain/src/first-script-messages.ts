/**
 * The few spec texts the shopper's first script needs (the API client, dialog titles of the product page), in
 * their own module: a bundle takes whole modules, so keeping them in messages.ts would put every
 * form message of MSG into that script (the shopper JS budget). MSG uses these same constants.
 */
export const SERVER_NOT_RESPONDING_MESSAGE = 'Server is not responding';
export const GENERIC_ERROR_MESSAGE = 'An error occurred';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const ERROR_TITLE = 'Error';
export const SUCCESS_TITLE = 'Success';

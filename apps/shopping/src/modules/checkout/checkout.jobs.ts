import { declareQueue } from '@platform/queue';

/** Queue `shopping-checkout`: the periodic sweep that cancels expired checkout sessions. */
export const CheckoutQueue = declareQueue({ name: 'shopping-checkout', jobs: ['checkout.expire'] });

export const EXPIRE_JOB = 'checkout.expire';

/** How often the sweep runs (a session outlives its expires_at by at most this long). */
export const EXPIRE_EVERY_MS = 60_000;

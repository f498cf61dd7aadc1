export const STRIPE_WEBHOOK = Symbol('STRIPE_WEBHOOK');

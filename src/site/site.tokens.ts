export const REVIEW_SOURCE = Symbol('REVIEW_SOURCE');

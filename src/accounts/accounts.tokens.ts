export const CREDIT_BALANCE = Symbol('CREDIT_BALANCE');

import { FALLBACK_ERROR_MESSAGE } from '../../api/error-messages';
import { formErrorsOf, hasErrors, statusOf } from './server-errors';

describe('formErrorsOf', () => {
  const fields = ['email', 'password', 'address.postcode'] as const;

  it('puts modelState messages of known fields under those fields', () => {
    const error = {
      status: 400,
      data: { message: 'Please enter a valid email address.', modelState: { email: ['Please enter a valid email address.'], 'address.postcode': ['Too long.', 'Letters only.'] } },
    };
    expect(formErrorsOf(error, fields)).toEqual({ fields: { email: 'Please enter a valid email address.', 'address.postcode': 'Too long. Letters only.' }, form: null });
  });

  it('gives the form the messages of fields it does not show, once each', () => {
    const error = { status: 400, data: { message: 'x', modelState: { recaptchaResponse: ['reCAPTCHA is invalid.'], other: ['reCAPTCHA is invalid.'] } } };
    expect(formErrorsOf(error, fields)).toEqual({ fields: {}, form: 'reCAPTCHA is invalid.' });
  });

  it('shows a plain message as returned', () => {
    const error = { status: 401, data: { message: 'The e-mail address or password is incorrect.' } };
    expect(formErrorsOf(error, fields)).toEqual({ fields: {}, form: 'The e-mail address or password is incorrect.' });
  });

  it('falls back to the generic message for network errors and bodies that are not the envelope', () => {
    expect(formErrorsOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, fields).form).toBe(FALLBACK_ERROR_MESSAGE);
    expect(formErrorsOf({ status: 502, data: '<html>' }, fields).form).toBe(FALLBACK_ERROR_MESSAGE);
    expect(formErrorsOf({ status: 500, data: {} }, fields).form).toBe(FALLBACK_ERROR_MESSAGE);
    expect(formErrorsOf(new Error('boom'), fields).form).toBe(FALLBACK_ERROR_MESSAGE);
  });

  it('tells whether there is anything to show, and the status', () => {
    expect(hasErrors({ fields: {}, form: null })).toBe(false);
    expect(hasErrors({ fields: { email: 'x' }, form: null })).toBe(true);
    expect(statusOf({ status: 409, data: {} })).toBe(409);
    expect(statusOf({ status: 'FETCH_ERROR' })).toBeUndefined();
  });
});

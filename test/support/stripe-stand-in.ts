import type { ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { type HttpStub, sendJson, startHttpStub } from './http-stub.js';

/**
 * A local stand-in for Stripe (test code only): the API the server's SDK calls (PaymentIntents created and confirmed
 * with a PaymentMethod, retrieved, answered again per Idempotency-Key), and what the browser loads: a Stripe.js
 * (window.Stripe with elements(), createPaymentMethod(), handleNextAction()) whose Payment Element is a frame of this
 * origin, so card numbers go from that frame to POST /v1/payment_methods here and never through the page. Shapes
 * follow docs.stripe.com/api/payment_intents/object and docs.stripe.com/js; outcomes follow Stripe's test cards.
 */
type CardBehaviour = 'succeeds' | 'declined' | 'authenticate' | 'processing';

/** Stripe's documented test cards (docs.stripe.com/testing); 4000 0000 0000 0077 is this stand-in's own "processing" card. */
const CARD_BEHAVIOUR: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000002760003184': 'authenticate',
  '4000000000003220': 'authenticate',
  '4000000000000077': 'processing',
};
/** Stripe's test PaymentMethods (docs.stripe.com/testing#cards), for API tests that skip the browser. */
const PAYMENT_METHOD_BEHAVIOUR: Record<string, CardBehaviour> = {
  pm_card_visa: 'succeeds',
  pm_card_chargeDeclined: 'declined',
  pm_card_threeDSecure2Required: 'authenticate',
  pm_card_processing: 'processing',
};

export const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export interface StripeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'succeeded' | 'processing' | 'requires_action' | 'requires_payment_method' | 'canceled';
  client_secret: string;
  payment_method: string;
  metadata: Record<string, string>;
  description: string | null;
  next_action: unknown;
  last_payment_error: { type: string; code: string; message: string } | null;
  created: number;
  livemode: false;
}

export interface StripeStandIn extends HttpStub {
  intents: Map<string, StripeIntent>;
  /** Runs before a create is answered (to deliver a webhook before the request's own answer). */
  beforeAnswer?: (intent: StripeIntent) => Promise<void>;
  /** Where `settle` delivers signed events, and with which secret. */
  webhook?: { url: string; secret: string };
  /** Moves an intent to a final state and delivers Stripe's event for it, signed; answers the webhook's status. */
  settle(intentId: string, outcome: 'succeeded' | 'payment_failed' | 'canceled'): Promise<number>;
  /** Stripe's event for an intent as it stands, signed with the webhook secret. */
  event(type: string, intent: StripeIntent): { payload: string; signature: string };
}

let events = 0;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StripeIntent>();
  const paymentMethods = new Map<string, CardBehaviour>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  let sequence = 0;
  const standIn = (await startHttpStub(async (request, response) => {
    const url = new URL(request.url, 'http://stand-in');
    const path = url.pathname;
    if (request.method === 'GET' && path === '/v3/') return sendScript(response, stripeJs(standIn.url));
    if (request.method === 'GET' && path === '/elements-frame') return sendHtml(response, ELEMENTS_FRAME);
    if (request.method === 'GET' && path === '/challenge') return sendHtml(response, CHALLENGE_FRAME);
    if (request.method === 'OPTIONS') return sendCors(response, 204, null);
    if (request.method === 'POST' && path === '/v1/payment_methods') {
      const form = new URLSearchParams(request.body);
      if (!form.get('key')?.startsWith('pk_')) return sendCors(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const number = (form.get('card[number]') ?? '').replace(/\D/g, '');
      const id = `pm_stand_in_${++sequence}`;
      paymentMethods.set(id, CARD_BEHAVIOUR[number] ?? 'declined');
      return sendCors(response, 200, {
        id,
        object: 'payment_method',
        type: 'card',
        card: { brand: number.startsWith('5') ? 'mastercard' : 'visa', last4: number.slice(-4), exp_month: Number(form.get('card[exp_month]')), exp_year: Number(form.get('card[exp_year]')) },
        livemode: false,
      });
    }
    const intentPath = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(path);
    if (request.method === 'GET' && intentPath) {
      const intent = intents.get(intentPath[1]);
      const publishable = url.searchParams.get('key')?.startsWith('pk_') && url.searchParams.get('client_secret') === intent?.client_secret;
      if (!intent) return sendCors(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intentPath[1]}'` } });
      if (!publishable && request.headers.authorization !== 'Bearer sk_test_stand_in')
        return sendCors(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return sendCors(response, 200, intent);
    }
    const challenge = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/challenge\/(complete|fail)$/.exec(path);
    if (request.method === 'POST' && challenge) {
      // What Stripe's 3-D Secure test page does on "Complete" or "Fail".
      const intent = intents.get(challenge[1]);
      if (!intent || intent.status !== 'requires_action') return sendCors(response, 400, { error: { type: 'invalid_request_error', message: 'Nothing to authenticate.' } });
      Object.assign(
        intent,
        { next_action: null },
        challenge[2] === 'complete'
          ? { status: 'succeeded' }
          : { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: AUTHENTICATION_FAILED } },
      );
      return sendCors(response, 200, intent);
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      if (request.headers.authorization !== 'Bearer sk_test_stand_in') return sendJson(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const key = String(request.headers['idempotency-key']);
      const earlier = byKey.get(key);
      if (earlier) return sendJson(response, earlier.status, earlier.body);
      const form = new URLSearchParams(request.body);
      const paymentMethod = form.get('payment_method') ?? '';
      const behaviour = paymentMethods.get(paymentMethod) ?? PAYMENT_METHOD_BEHAVIOUR[paymentMethod] ?? 'declined';
      const id = `pi_stand_in_${++sequence}`;
      const intent: StripeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        status: 'succeeded',
        client_secret: `${id}_secret_${sequence}x`,
        payment_method: paymentMethod,
        metadata: { payment_id: form.get('metadata[payment_id]') ?? '' },
        description: form.get('description'),
        next_action: null,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      let answer: { status: number; body: unknown } = { status: 200, body: intent };
      if (behaviour === 'processing') intent.status = 'processing';
      if (behaviour === 'authenticate') {
        intent.status = 'requires_action';
        intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${standIn.url}/challenge` } };
      }
      if (behaviour === 'declined') {
        const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
        Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
        answer = { status: 402, body: { error: { ...error, payment_intent: intent } } };
      }
      intents.set(id, intent);
      byKey.set(key, answer);
      await standIn.beforeAnswer?.(intent);
      return sendJson(response, answer.status, answer.body);
    }
    sendJson(response, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  })) as StripeStandIn;

  standIn.intents = intents;
  standIn.event = (type, intent) => {
    const payload = JSON.stringify({
      id: `evt_stand_in_${++events}`,
      object: 'event',
      type,
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
      livemode: false,
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: standIn.webhook!.secret }) };
  };
  standIn.settle = async (intentId, outcome) => {
    const intent = intents.get(intentId)!;
    if (outcome === 'succeeded') Object.assign(intent, { status: 'succeeded', next_action: null });
    if (outcome === 'payment_failed')
      Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    if (outcome === 'canceled') Object.assign(intent, { status: 'canceled', next_action: null });
    const { payload, signature } = standIn.event(`payment_intent.${outcome}`, intent);
    const delivered = await fetch(standIn.webhook!.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
    return delivered.status;
  };
  return standIn;
}

function sendCors(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Content-Type' });
  response.end(body === null ? '' : JSON.stringify(body));
}

function sendScript(response: ServerResponse, script: string): void {
  response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  response.end(script);
}

function sendHtml(response: ServerResponse, html: string): void {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(html);
}

/** The Payment Element's frame: the card fields, and the PaymentMethod made from them (the page only gets its id). */
const ELEMENTS_FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card fields</title>
<style>body{font:14px sans-serif;margin:0}label{display:block;margin:4px 0 2px}input{width:95%;padding:6px;font-size:14px}</style></head><body>
<label for="number">Card number</label><input id="number" autocomplete="cc-number" inputmode="numeric">
<label for="expiry">Expiration date (MM / YY)</label><input id="expiry" autocomplete="cc-exp">
<label for="cvc">Security code</label><input id="cvc" autocomplete="cc-csc" inputmode="numeric">
<script>
const value = (id) => document.getElementById(id).value.trim();
function invalid() {
  if (value('number').replace(/\\D/g, '').length < 12) return 'Your card number is incomplete.';
  if (!/^\\d{2}\\s*\\/?\\s*\\d{2}$/.test(value('expiry'))) return "Your card's expiration date is incomplete.";
  if (!/^\\d{3,4}$/.test(value('cvc'))) return "Your card's security code is incomplete.";
  return null;
}
window.addEventListener('message', async (event) => {
  const { id, kind, key } = event.data || {};
  const reply = (result) => event.source.postMessage({ id, result }, event.origin);
  if (kind === 'submit') return reply(invalid() ? { error: { type: 'validation_error', message: invalid() } } : {});
  if (kind === 'createPaymentMethod') {
    const problem = invalid();
    if (problem) return reply({ error: { type: 'validation_error', message: problem } });
    const [month, year] = value('expiry').split(/\\D+/).filter(Boolean);
    const body = new URLSearchParams({ type: 'card', 'card[number]': value('number'), 'card[exp_month]': month, 'card[exp_year]': year, 'card[cvc]': value('cvc'), key });
    const answer = await fetch('/v1/payment_methods', { method: 'POST', body });
    const json = await answer.json();
    return reply(answer.ok ? { paymentMethod: json } : { error: json.error });
  }
});
</script></body></html>`;

/** Stripe's 3-D Secure test page: "Complete" or "Fail" authentication. */
const CHALLENGE_FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure test payment</title></head><body>
<h1>3D Secure 2 test page</h1><p>This is a test payment that requires authentication.</p>
<button id="complete">Complete</button> <button id="fail">Fail</button>
<script>
const params = new URLSearchParams(location.search);
async function answer(outcome) {
  await fetch('/v1/payment_intents/' + params.get('payment_intent') + '/challenge/' + outcome, { method: 'POST' });
  parent.postMessage({ challenge: 'done' }, '*');
}
document.getElementById('complete').onclick = () => answer('complete');
document.getElementById('fail').onclick = () => answer('fail');
</script></body></html>`;

/** window.Stripe as far as the checkout uses it (docs.stripe.com/js): elements, createPaymentMethod, handleNextAction. */
function stripeJs(origin: string): string {
  return `(() => {
  const ORIGIN = ${JSON.stringify(origin)};
  let calls = 0;
  function ask(frame, message) {
    const id = ++calls;
    return new Promise((resolve) => {
      const listen = (event) => {
        if (event.origin !== ORIGIN || !event.data || event.data.id !== id) return;
        window.removeEventListener('message', listen);
        resolve(event.data.result);
      };
      window.addEventListener('message', listen);
      frame.contentWindow.postMessage({ ...message, id }, ORIGIN);
    });
  }
  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    let frame = null;
    const stripe = this;
    this.elements = (options) => ({
      options,
      update(next) { Object.assign(this.options, next); },
      submit: () => (frame ? ask(frame, { kind: 'submit' }) : Promise.resolve({ error: { type: 'validation_error', message: 'The payment form is not ready.' } })),
      getElement: () => null,
      create(type) {
        const listeners = {};
        const element = {
          on(event, callback) { (listeners[event] = listeners[event] || []).push(callback); return element; },
          off(event, callback) { listeners[event] = (listeners[event] || []).filter((c) => c !== callback); return element; },
          update() {},
          mount(node) {
            const host = typeof node === 'string' ? document.querySelector(node) : node;
            frame = document.createElement('iframe');
            frame.title = 'Secure payment input frame';
            frame.src = ORIGIN + '/elements-frame';
            frame.style.cssText = 'border:0;width:100%;height:170px';
            frame.addEventListener('load', () => (listeners.ready || []).forEach((callback) => callback({ elementType: type })));
            host.appendChild(frame);
          },
          unmount() { frame && frame.remove(); },
          destroy() { frame && frame.remove(); frame = null; },
        };
        return element;
      },
    });
    this.createPaymentMethod = ({ elements }) => (frame ? ask(frame, { kind: 'createPaymentMethod', key }) : Promise.resolve({ error: { message: 'No card fields.' } }));
    this.retrievePaymentIntent = async (clientSecret) => {
      const id = clientSecret.split('_secret_')[0];
      const answer = await fetch(ORIGIN + '/v1/payment_intents/' + id + '?key=' + encodeURIComponent(key) + '&client_secret=' + encodeURIComponent(clientSecret));
      return answer.ok ? { paymentIntent: await answer.json() } : { error: (await answer.json()).error };
    };
    this.handleNextAction = async ({ clientSecret }) => {
      const id = clientSecret.split('_secret_')[0];
      const challenge = document.createElement('iframe');
      challenge.title = '3D Secure challenge';
      challenge.src = ORIGIN + '/challenge?payment_intent=' + encodeURIComponent(id);
      challenge.style.cssText = 'position:fixed;inset:10% 20%;width:60%;height:60%;background:#fff;border:1px solid #888;z-index:100000';
      document.body.appendChild(challenge);
      await new Promise((resolve) => {
        const listen = (event) => {
          if (event.origin !== ORIGIN || !event.data || event.data.challenge !== 'done') return;
          window.removeEventListener('message', listen);
          resolve();
        };
        window.addEventListener('message', listen);
      });
      challenge.remove();
      const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
      if (error) return { error };
      if (paymentIntent.status === 'requires_payment_method') return { error: { ...paymentIntent.last_payment_error, payment_intent: paymentIntent } };
      return { paymentIntent };
    };
    this.createToken = () => Promise.reject(new Error('Not part of the stand-in.'));
    this.confirmCardPayment = () => Promise.reject(new Error('Not part of the stand-in.'));
    this._registerWrapper = () => {};
    this.registerAppInfo = () => {};
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;
}

import type { ServerResponse } from 'node:http';
import { type HttpStub, sendJson, startHttpStub } from './http-stub.js';

/**
 * A local stand-in for PayPal (test code only): the REST API v1 the server calls (OAuth client credentials, payments
 * create and execute, developer.paypal.com/docs/api/payments/v1), and the JS SDK the browser loads (window.paypal.Buttons
 * with createOrder, onApprove, onCancel, onError, developer.paypal.com/sdk/js/reference) whose button opens PayPal's
 * approval window: "Pay Now" approves the payment for the payer, "Cancel and return to merchant" closes it.
 */
export const PAYPAL_CLIENT_ID = 'paypal-client-stand-in';
export const PAYPAL_SECRET = 'paypal-secret-stand-in';
const STAND_IN_PAYER = 'PAYERSTANDIN1';

export interface PayPalStandIn extends HttpStub {
  /** Payment id → its state: created, approved (by the payer), or executed. */
  payments: Map<string, { state: 'created' | 'approved' | 'executed'; total: string; currency: string }>;
  /** Executes the next payment but drops the connection instead of answering (a timeout, a lost answer). */
  loseNextExecuteAnswer?: boolean;
}

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const payments: PayPalStandIn['payments'] = new Map();
  let sequence = 0;
  const standIn = (await startHttpStub((request, response) => {
    const url = new URL(request.url, 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/sdk/js') {
      if (url.searchParams.get('client-id') !== PAYPAL_CLIENT_ID) return send(response, 400, 'text/javascript', 'throw new Error("invalid client-id");');
      return send(response, 200, 'text/javascript', sdk(standIn.url));
    }
    if (request.method === 'GET' && url.pathname === '/checkoutnow') return send(response, 200, 'text/html; charset=utf-8', APPROVAL_PAGE);
    if (request.method === 'POST' && url.pathname === '/checkoutnow/approve') {
      const payment = payments.get(url.searchParams.get('token') ?? '');
      if (!payment) return sendJson(response, 404, { name: 'INVALID_RESOURCE_ID' });
      payment.state = 'approved';
      return sendJson(response, 200, { payerID: STAND_IN_PAYER });
    }
    if (url.pathname === '/v1/oauth2/token') {
      const ok = request.headers.authorization === `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_SECRET}`).toString('base64')}`;
      return ok ? sendJson(response, 200, { access_token: 'A21-stand-in', token_type: 'Bearer', expires_in: 32400 }) : sendJson(response, 401, { error: 'invalid_client' });
    }
    if (request.headers.authorization !== 'Bearer A21-stand-in') return sendJson(response, 401, { name: 'AUTHENTICATION_FAILURE' });
    if (request.method === 'POST' && url.pathname === '/v1/payments/payment') {
      const body = JSON.parse(request.body) as { transactions: { amount: { total: string; currency: string } }[] };
      const id = `PAYID-STANDIN${String(++sequence).padStart(6, '0')}`;
      payments.set(id, { state: 'created', ...body.transactions[0].amount });
      return sendJson(response, 201, {
        id,
        intent: 'sale',
        state: 'created',
        transactions: body.transactions,
        links: [{ href: `${standIn.url}/checkoutnow?token=${id}`, rel: 'approval_url', method: 'REDIRECT' }],
      });
    }
    const execute = /^\/v1\/payments\/payment\/([A-Z0-9-]+)\/execute$/.exec(url.pathname);
    if (request.method === 'POST' && execute) {
      const payment = payments.get(execute[1]);
      const { payer_id } = JSON.parse(request.body) as { payer_id: string };
      if (!payment) return sendJson(response, 404, { name: 'INVALID_RESOURCE_ID', message: 'The requested resource ID was not found' });
      if (payment.state === 'created' || payer_id !== STAND_IN_PAYER) return sendJson(response, 400, { name: 'PAYMENT_NOT_APPROVED_FOR_EXECUTION', message: 'Payer has not approved payment' });
      payment.state = 'executed';
      if (standIn.loseNextExecuteAnswer) {
        standIn.loseNextExecuteAnswer = false;
        response.socket?.destroy();
        return;
      }
      return sendJson(response, 200, { id: execute[1], state: 'approved', transactions: [{ related_resources: [{ sale: { id: `SALE-${execute[1].slice(-6)}`, state: 'completed' } }] }] });
    }
    const lookup = /^\/v1\/payments\/payment\/([A-Z0-9-]+)$/.exec(url.pathname);
    if (request.method === 'GET' && lookup) {
      const payment = payments.get(lookup[1]);
      if (!payment) return sendJson(response, 404, { name: 'INVALID_RESOURCE_ID', message: 'The requested resource ID was not found' });
      const executed = payment.state === 'executed';
      return sendJson(response, 200, {
        id: lookup[1],
        state: executed ? 'approved' : 'created',
        transactions: [{ related_resources: executed ? [{ sale: { id: `SALE-${lookup[1].slice(-6)}`, state: 'completed' } }] : [] }],
      });
    }
    sendJson(response, 404, { name: 'NOT_FOUND' });
  })) as PayPalStandIn;
  standIn.payments = payments;
  return standIn;
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'Content-Type': type });
  response.end(body);
}

/** PayPal's approval window: the payer approves the payment (token) or cancels, and the window tells its opener. */
const APPROVAL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal Checkout</title></head><body>
<h1>Pay with PayPal</h1><button id="approve">Pay Now</button> <button id="cancel">Cancel and return to merchant</button>
<script>
const token = new URLSearchParams(location.search).get('token');
document.getElementById('approve').onclick = async () => {
  const answer = await fetch('/checkoutnow/approve?token=' + encodeURIComponent(token), { method: 'POST' });
  const { payerID } = await answer.json();
  window.opener.postMessage({ paypal: 'approved', paymentID: token, payerID }, '*');
  window.close();
};
document.getElementById('cancel').onclick = () => {
  window.opener.postMessage({ paypal: 'cancelled', paymentID: token }, '*');
  window.close();
};
</script></body></html>`;

function sdk(origin: string): string {
  return `(() => {
  const ORIGIN = ${JSON.stringify(origin)};
  function Buttons(props) {
    let host = null;
    const actions = { enable: () => Promise.resolve(), disable: () => Promise.resolve() };
    async function start() {
      let id;
      try {
        id = await props.createOrder({ paymentSource: 'paypal' }, {});
      } catch (error) {
        return props.onError && props.onError(error);
      }
      const popup = window.open(ORIGIN + '/checkoutnow?token=' + encodeURIComponent(id), 'PPFrame', 'width=500,height=600');
      const listen = (event) => {
        if (event.origin !== ORIGIN || !event.data || event.data.paymentID !== id) return;
        window.removeEventListener('message', listen);
        if (event.data.paypal === 'approved') props.onApprove({ orderID: id, paymentID: id, payerID: event.data.payerID, paymentSource: 'paypal' }, {});
        else props.onCancel && props.onCancel({ orderID: id });
      };
      window.addEventListener('message', listen);
      return popup;
    }
    return {
      isEligible: () => true,
      render(container) {
        host = typeof container === 'string' ? document.querySelector(container) : container;
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.setAttribute('aria-label', 'PayPal');
        button.style.cssText = 'background:#ffc439;border:0;border-radius:4px;padding:10px 40px;font-weight:bold;color:#111';
        button.addEventListener('click', () => void start());
        host.appendChild(button);
        if (props.onInit) props.onInit({}, actions);
        return Promise.resolve();
      },
      close() { if (host) host.replaceChildren(); return Promise.resolve(); },
      updateProps() { return Promise.resolve(); },
    };
  }
  window.paypal = { Buttons, version: '5.0.0-stand-in' };
})();`;
}

import { createHash } from 'node:crypto';
import type { WalletExecution, WalletGateway } from '../application/ports/wallet-gateway.port.js';

/** The payer id the test wallet's approval page hands back; any other payer id is a refusal. */
const TEST_WALLET_PAYER = 'TESTPAYER';

/** The built-in wallet: payments are "approved" by the test approval step and executed without money moving. */
export class TestWalletGateway implements WalletGateway {
  readonly name = 'test' as const;

  async createPayment(payment: { idempotencyKey: string }): Promise<string> {
    return 'PAYID-TEST-' + createHash('sha256').update(payment.idempotencyKey).digest('hex').slice(0, 20).toUpperCase();
  }

  async executePayment(paymentId: string, payerId: string): Promise<WalletExecution> {
    if (payerId !== TEST_WALLET_PAYER) return { status: 'declined', message: 'The payer did not approve the payment.' };
    return { status: 'succeeded', reference: 'SALE-' + paymentId.slice(-12) };
  }

  /** Test executions answer at once: a payment left pending was never executed. */
  async status(): Promise<{ status: 'pending' }> {
    return { status: 'pending' };
  }
}

import type { CreditPack } from '../domain/credit-pack.js';
import type { Invoice, Payment } from '../domain/payment.js';
import type { Currency, PaymentOption, PriceSettings } from '../domain/pricing.js';
import type { CreditOrmEntity, CreditPackOrmEntity, InvoiceOrmEntity, PaymentOrmEntity, PriceSettingOrmEntity } from './billing.orm-entities.js';

export class BillingMapper {
  static prices(row: PriceSettingOrmEntity): PriceSettings {
    return { currency: row.currency as Currency, drawSingle: row.drawSingle, draw10: row.draw10, draw100: row.draw100 };
  }

  static payment(row: PaymentOrmEntity): Payment {
    return {
      id: row.id,
      userId: row.userId,
      paymentOption: row.paymentOption as PaymentOption,
      currency: row.currency as Currency,
      amount: row.amount,
      method: row.method,
      gateway: row.gateway,
      gatewayReference: row.gatewayReference,
      status: row.status,
      declineMessage: row.declineMessage,
      fulfilledAt: row.fulfilledAt,
      paidFor: row.paidFor,
    };
  }

  static pack(row: CreditPackOrmEntity, credits: CreditOrmEntity[]): CreditPack {
    return {
      id: row.id,
      userId: row.userId,
      kind: row.kind,
      purchaseDate: row.purchaseDate,
      expiryDate: row.expiryDate,
      note: row.note,
      credits: credits.map((credit) => ({ id: credit.id, redeemedDate: credit.redeemedDate })),
    };
  }

  static invoice(row: InvoiceOrmEntity): Invoice {
    return {
      id: row.id,
      invoiceNumber: row.invoiceNumber,
      userId: row.userId,
      dateCreated: row.dateCreated,
      currency: row.currency as Currency,
      amount: row.amount,
      description: row.description,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      customerAddress: row.customerAddress,
    };
  }
}

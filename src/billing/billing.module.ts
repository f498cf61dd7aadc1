import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CREDIT_BALANCE } from '../accounts/accounts.tokens.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import type { Environment } from '../config/environment.js';
import { BillingController } from './api/billing.controller.js';
import { StripeWebhookController, type StripeWebhookVerifier } from './api/stripe-webhook.controller.js';
import { CreditService } from './application/credit.service.js';
import { InvoiceService } from './application/invoice.service.js';
import { PaymentService } from './application/payment.service.js';
import { CARD_GATEWAY } from './application/ports/card-gateway.port.js';
import { WALLET_GATEWAY } from './application/ports/wallet-gateway.port.js';
import { PendingPaymentsSweeper } from './application/pending-payments-sweeper.js';
import { PriceService } from './application/price.service.js';
import { STRIPE_WEBHOOK } from './billing.tokens.js';
import { CreditOrmEntity, CreditPackOrmEntity, InvoiceOrmEntity, PaymentOrmEntity, PriceSettingOrmEntity } from './infrastructure/billing.orm-entities.js';
import { PayPalWalletGateway } from './infrastructure/paypal-wallet-gateway.adapter.js';
import { createStripeClient, StripeCardGateway } from './infrastructure/stripe-card-gateway.adapter.js';
import { TestCardGateway } from './infrastructure/test-card-gateway.adapter.js';
import { TestWalletGateway } from './infrastructure/test-wallet-gateway.adapter.js';
import { TypeormBillingRepository } from './infrastructure/typeorm-billing.repository.js';

type Config = ConfigService<Environment, true>;

/** Global so that accounts can show the credit balance (CREDIT_BALANCE) without depending on billing. */
@Global()
@Module({
  imports: [AccountsModule, TypeOrmModule.forFeature([PriceSettingOrmEntity, PaymentOrmEntity, CreditPackOrmEntity, CreditOrmEntity, InvoiceOrmEntity])],
  controllers: [BillingController, StripeWebhookController],
  providers: [
    PriceService,
    CreditService,
    PaymentService,
    PendingPaymentsSweeper,
    InvoiceService,
    TypeormBillingRepository,
    { provide: CREDIT_BALANCE, useExisting: CreditService },
    {
      provide: CARD_GATEWAY,
      inject: [ConfigService],
      useFactory: (config: Config) => {
        const secretKey = config.get('STRIPE_SECRET_KEY', { infer: true });
        return secretKey ? new StripeCardGateway(createStripeClient({ secretKey, apiUrl: config.get('STRIPE_API_URL', { infer: true }) })) : new TestCardGateway();
      },
    },
    {
      provide: STRIPE_WEBHOOK,
      inject: [ConfigService],
      useFactory: (config: Config): StripeWebhookVerifier | null => {
        const secretKey = config.get('STRIPE_SECRET_KEY', { infer: true });
        const webhookSecret = config.get('STRIPE_WEBHOOK_SECRET', { infer: true });
        if (!secretKey || !webhookSecret) return null;
        const stripe = createStripeClient({ secretKey });
        return { verify: (payload, signature) => stripe.webhooks.constructEvent(payload, signature, webhookSecret) };
      },
    },
    {
      provide: WALLET_GATEWAY,
      inject: [ConfigService],
      useFactory: (config: Config) => {
        const clientId = config.get('PAYPAL_CLIENT_ID', { infer: true });
        const secret = config.get('PAYPAL_SECRET', { infer: true });
        if (!clientId || !secret) return new TestWalletGateway();
        const publicUrl = config.get('PUBLIC_URL', { infer: true });
        return new PayPalWalletGateway({
          clientId,
          secret,
          apiUrl: config.get('PAYPAL_API_URL', { infer: true }),
          returnUrl: `${publicUrl}/account/buycredits/?wallet=approved`,
          cancelUrl: `${publicUrl}/account/buycredits/?wallet=cancelled`,
        });
      },
    },
  ],
  exports: [PriceService, CreditService, PaymentService, InvoiceService, CREDIT_BALANCE],
})
export class BillingModule {}

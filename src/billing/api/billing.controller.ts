import { BadRequestException, Body, ConflictException, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { CurrentUser, RefuseTestKey, RequireUser } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import { CreditService } from '../application/credit.service.js';
import { InvoiceService } from '../application/invoice.service.js';
import { PaymentService } from '../application/payment.service.js';
import { PriceService } from '../application/price.service.js';
import {
  BuyCreditsRequestDto,
  BuyCreditsResponseDto,
  CreateWalletPaymentRequestDto,
  CreateWalletPaymentResponseDto,
  CreditsDataResponseDto,
  ExecuteWalletPaymentRequestDto,
  InvoiceDto,
  InvoicesQueryDto,
  InvoicesResponseDto,
  PricesQueryDto,
  PricesResponseDto,
} from './dto/billing.dto.js';
import { CHOOSE_PAYMENT_MESSAGE, paymentChoiceOf } from '../domain/payment-choice.js';

/** A test key's draws are free: one calling the billing calls while trying the API out must not be charged. */
const TEST_KEY_PAYS_NOTHING = 'A test API key moves no money. Use a live API key, or sign in on the website, to buy credits.';

@ApiTags('billing')
@Controller()
export class BillingController {
  constructor(
    private readonly prices: PriceService,
    private readonly payments: PaymentService,
    private readonly credits: CreditService,
    private readonly invoices: InvoiceService,
  ) {}

  @Get('api/billing/getPrices')
  @ApiOperation({ operationId: 'getPrices', summary: 'Price settings of a currency, in minor units' })
  @ApiOkResponse({ type: PricesResponseDto })
  async getPrices(@Query() query: PricesQueryDto): Promise<PricesResponseDto> {
    return PricesResponseDto.from(await this.prices.pricesFor(query.currency));
  }

  @Post('api/account/buycredits')
  @RequireUser()
  @RefuseTestKey(TEST_KEY_PAYS_NOTHING)
  @HttpCode(200)
  @ApiOperation({ operationId: 'buyCredits', summary: 'Buy a pack of 10 or 100 credits by card token or approved wallet payment' })
  @ApiOkResponse({ type: BuyCreditsResponseDto })
  async buyCredits(@Body() body: BuyCreditsRequestDto, @CurrentUser() user: User): Promise<BuyCreditsResponseDto> {
    const choice = paymentChoiceOf(body);
    if (!choice) throw new BadRequestException({ message: CHOOSE_PAYMENT_MESSAGE, modelState: { token: [CHOOSE_PAYMENT_MESSAGE] } });
    const result = await this.payments.payWith(choice, user, { option: body.paymentOption, currency: body.currency, idempotencyKey: body.idempotencyKey ?? randomUUID(), purpose: { credits: true } });
    if (result.payment.status !== 'succeeded') throw new ConflictException({ message: 'The payment is still being processed. Your credits appear once it completes.' });
    return {
      remainingCredits: await this.credits.remainingCredits(user.id),
      invoiceNumber: await this.invoices.numberForPayment(result.payment.id),
    };
  }

  @Post('api/paypal/createpayment')
  @RequireUser()
  @RefuseTestKey(TEST_KEY_PAYS_NOTHING)
  @HttpCode(200)
  @ApiOperation({ operationId: 'createWalletPayment', summary: 'Start a wallet payment at the server price; approve it, then buycredits with its id' })
  @ApiOkResponse({ type: CreateWalletPaymentResponseDto })
  async createPayment(@Body() body: CreateWalletPaymentRequestDto, @CurrentUser() user: User): Promise<CreateWalletPaymentResponseDto> {
    return { id: await this.payments.createWalletPayment(user, body.paymentOption, body.currency) };
  }

  @Post('api/paypal/executepayment')
  @RequireUser()
  @RefuseTestKey(TEST_KEY_PAYS_NOTHING)
  @HttpCode(200)
  @ApiOperation({ operationId: 'executeWalletPayment', summary: 'Execute an approved wallet payment (once) and add its credits' })
  @ApiOkResponse({ type: BuyCreditsResponseDto })
  async executePayment(@Body() body: ExecuteWalletPaymentRequestDto, @CurrentUser() user: User): Promise<BuyCreditsResponseDto> {
    const result = await this.payments.executeWalletPayment(user, body.PaymentID, body.PayerID, { credits: true }, 'PaymentID');
    return {
      remainingCredits: await this.credits.remainingCredits(user.id),
      invoiceNumber: await this.invoices.numberForPayment(result.payment.id),
    };
  }

  @Get('api/account/getInvoices')
  @RequireUser()
  @ApiOperation({ operationId: 'getInvoices', summary: 'Your invoices, newest first (page size 10)' })
  @ApiOkResponse({ type: InvoicesResponseDto })
  async getInvoices(@Query() query: InvoicesQueryDto, @CurrentUser() user: User): Promise<InvoicesResponseDto> {
    const { invoices, total } = await this.invoices.list(user.id, query.page, query.count);
    return { invoices: invoices.map((invoice) => InvoiceDto.from(invoice)), total };
  }

  @Get('api/account/getCreditsData')
  @RequireUser()
  @ApiOperation({ operationId: 'getCreditsData', summary: 'Your credit packs and unused credits' })
  @ApiOkResponse({ type: CreditsDataResponseDto })
  async getCreditsData(@CurrentUser() user: User): Promise<CreditsDataResponseDto> {
    return CreditsDataResponseDto.from(await this.credits.creditsData(user.id));
  }
}

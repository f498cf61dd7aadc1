import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { IsSafeInt } from '../../../platform/http/validators.js';
import type { CreditsData } from '../../domain/credit-pack.js';
import type { Invoice } from '../../domain/payment.js';
import { CURRENCIES, type Currency, type PriceSettings } from '../../domain/pricing.js';
import { CLIENT_TOKEN_PATTERN } from '../../../platform/http/patterns.js';

const CURRENCY_MESSAGE = 'Choose one of USD, AUD, CAD, NZD or GBP.';

export class PricesQueryDto {
  @ApiProperty({ enum: CURRENCIES }) @IsIn(CURRENCIES, { message: CURRENCY_MESSAGE }) currency: Currency;
}

export class PricesResponseDto {
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ description: 'One draw, minor units' }) drawSingle: number;
  @ApiProperty({ description: 'Pack of 10 credits, minor units' }) draw10: number;
  @ApiProperty({ description: 'Pack of 100 credits, minor units' }) draw100: number;

  static from(prices: PriceSettings): PricesResponseDto {
    const dto = new PricesResponseDto();
    dto.currency = prices.currency;
    dto.drawSingle = prices.drawSingle;
    dto.draw10 = prices.draw10;
    dto.draw100 = prices.draw100;
    return dto;
  }
}

export class BuyCreditsRequestDto {
  @ApiProperty({ enum: [1, 3], description: '1 = pack of 10, 3 = pack of 100' })
  @IsIn([1, 3], { message: 'Choose a pack of 10 or 100 credits.' })
  paymentOption: 1 | 3;

  @ApiProperty({ enum: CURRENCIES }) @IsIn(CURRENCIES, { message: CURRENCY_MESSAGE }) currency: Currency;

  @ApiPropertyOptional({ description: 'Card token (payment method) from the checkout.' })
  @IsOptional()
  @IsString()
  @Length(3, 255)
  token?: string;

  @ApiPropertyOptional({ description: 'Wallet payment id from createpayment, after approval.' })
  @IsOptional()
  @IsString()
  paymentID?: string;

  @ApiPropertyOptional({ description: 'Wallet payer id from the approval.' })
  @IsOptional()
  @IsString()
  payerID?: string;

  @ApiPropertyOptional({ description: 'Made by the client once per purchase attempt; a retry with the same key is charged once.' })
  @IsOptional()
  @Matches(CLIENT_TOKEN_PATTERN, { message: 'idempotencyKey must be 8 to 64 letters, digits, - or _.' })
  idempotencyKey?: string;
}

export class BuyCreditsResponseDto {
  @ApiProperty() remainingCredits: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The invoice of this purchase.' }) invoiceNumber: number | null;
}

export class CreateWalletPaymentRequestDto {
  @ApiProperty({ enum: [0, 1, 3], description: '0 = one draw (the wizard), 1 = pack of 10, 3 = pack of 100' })
  @IsIn([0, 1, 3], { message: 'Please choose what to pay for.' })
  paymentOption: 0 | 1 | 3;
  @ApiProperty({ enum: CURRENCIES }) @IsIn(CURRENCIES, { message: CURRENCY_MESSAGE }) currency: Currency;
}

export class CreateWalletPaymentResponseDto {
  @ApiProperty() id: string;
}

export class ExecuteWalletPaymentRequestDto {
  @ApiProperty() @IsString() @Length(1, 128) PaymentID: string;
  @ApiProperty() @IsString() @Length(1, 128) PayerID: string;
}

export class InvoicesQueryDto {
  @ApiPropertyOptional({ type: Number, default: 1 }) @IsOptional() @Type(() => Number) @IsSafeInt() @Min(1) page = 1;
  @ApiPropertyOptional({ type: Number, default: 10 }) @IsOptional() @Type(() => Number) @IsSafeInt() @Min(1) @Max(100) count = 10;
}

export class InvoiceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() invoiceNumber: number;
  @ApiProperty({ format: 'date-time' }) dateCreated: string;
  @ApiProperty() description: string;
  @ApiProperty() amount: number;
  @ApiProperty({ enum: CURRENCIES }) currency: string;

  static from(invoice: Invoice): InvoiceDto {
    const dto = new InvoiceDto();
    dto.id = invoice.id;
    dto.invoiceNumber = invoice.invoiceNumber;
    dto.dateCreated = invoice.dateCreated.toISOString();
    dto.description = invoice.description;
    dto.amount = invoice.amount;
    dto.currency = invoice.currency;
    return dto;
  }
}

export class InvoicesResponseDto {
  @ApiProperty({ type: [InvoiceDto] }) invoices: InvoiceDto[];
  @ApiProperty() total: number;
}

export class CreditDto {
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) redeemedDate: string | null;
}

export class CreditPackDto {
  @ApiProperty() isManual: boolean;
  @ApiProperty() isRefund: boolean;
  @ApiProperty() isSingle: boolean;
  @ApiProperty() isTrialPack: boolean;
  @ApiProperty({ format: 'date-time' }) purchaseDate: string;
  @ApiProperty({ format: 'date-time' }) expiryDate: string;
  @ApiProperty({ type: [CreditDto] }) credits: CreditDto[];
}

export class CreditsDataResponseDto {
  @ApiProperty({ type: [CreditPackDto] }) packs: CreditPackDto[];
  @ApiProperty() unusedCredits: number;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) latestExpiry: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) latestTrialExpiry: string | null;

  static from(data: CreditsData): CreditsDataResponseDto {
    const dto = new CreditsDataResponseDto();
    dto.packs = data.packs.map((pack) => ({
      isManual: pack.kind === 'manual',
      isRefund: pack.kind === 'refund',
      isSingle: pack.kind === 'single',
      isTrialPack: pack.kind === 'trial',
      purchaseDate: pack.purchaseDate.toISOString(),
      expiryDate: pack.expiryDate.toISOString(),
      credits: pack.credits.map((credit) => ({ redeemedDate: credit.redeemedDate?.toISOString() ?? null })),
    }));
    dto.unusedCredits = data.unusedCredits;
    dto.latestExpiry = data.latestExpiry?.toISOString() ?? null;
    dto.latestTrialExpiry = data.latestTrialExpiry?.toISOString() ?? null;
    return dto;
  }
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsDateTime, IsSafeInt } from '../../../platform/http/validators.js';
import { IsAccountEmail } from '../../../accounts/api/dto/is-account-email.js';
import type { EmailChange, User } from '../../../accounts/domain/user.js';
import type { CreditsData } from '../../../billing/domain/credit-pack.js';
import { CURRENCIES } from '../../../billing/domain/pricing.js';
import { CLIENT_TOKEN_PATTERN, UUID_PATTERN } from '../../../platform/http/patterns.js';
import type { AdminStatistics, AuditEntry, Customer } from '../../domain/admin-reports.js';
import { ADMIN_MESSAGES, CREDIT_AMOUNT_MAX, CREDIT_AMOUNT_MIN, CUSTOMER_SORT_COLUMNS, type CustomerSortColumn, NOTE_MAX_LENGTH } from '../../domain/admin-rules.js';

const CUSTOMER_NOT_FOUND = 'Customer not found.';
const toBoolean = ({ value }: { value: unknown }) => (value === 'true' || value === true ? true : value === 'false' || value === false ? false : value);
const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export class CustomerQueryDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: CUSTOMER_NOT_FOUND }) userId: string;
}

export class CustomersQueryDto {
  @ApiPropertyOptional({ description: 'Part of the e-mail address, any case.' }) @IsOptional() @IsString() @MaxLength(254) searchEmail?: string;
  @ApiPropertyOptional({ type: Number, default: 1 }) @IsOptional() @Type(() => Number) @IsSafeInt() @Min(1) page = 1;
  @ApiPropertyOptional({ type: String, enum: CUSTOMER_SORT_COLUMNS, default: 'email' })
  @IsOptional()
  @IsIn(CUSTOMER_SORT_COLUMNS, { message: 'Sort by email, emailName, lastPurchased or lastUsed.' })
  sortColumn: CustomerSortColumn = 'email';
  @ApiPropertyOptional({ type: Boolean, default: false }) @IsOptional() @Transform(toBoolean) @IsBoolean() sortDescending = false;
}

export class CustomerDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() email: string;
  @ApiProperty({ description: 'First and last name; blank when none was given.' }) emailName: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Latest pack bought with a payment.' }) lastPurchased: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Latest draw created (drafts aside).' }) lastUsed: string | null;
  @ApiProperty() apiEnabled: boolean;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty() unusedCredits: number;

  static from(customer: Customer): CustomerDto {
    const dto = new CustomerDto();
    dto.userId = customer.userId;
    dto.email = customer.email;
    dto.emailName = customer.emailName;
    dto.lastPurchased = iso(customer.lastPurchased);
    dto.lastUsed = iso(customer.lastUsed);
    dto.apiEnabled = customer.apiEnabled;
    dto.isAdmin = customer.isAdmin;
    dto.unusedCredits = customer.unusedCredits;
    return dto;
  }
}

export class CustomersResponseDto {
  @ApiProperty({ type: [CustomerDto] }) customers: CustomerDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty({ description: 'Always 10 (part 2 §9).' }) pageSize: number;
}

/** The customer's account as the console shows it after a change. */
export class CustomerAccountDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() email: string;
  @ApiProperty() emailName: string;
  @ApiProperty() emailConfirmed: boolean;
  @ApiProperty() apiEnabled: boolean;

  static from(user: User): CustomerAccountDto {
    const dto = new CustomerAccountDto();
    dto.userId = user.id;
    dto.email = user.email;
    dto.emailName = `${user.firstName} ${user.lastName}`.trim();
    dto.emailConfirmed = user.emailConfirmedAt !== null;
    dto.apiEnabled = user.apiEnabled;
    return dto;
  }
}

export class AdminCreditDto {
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) redeemedDate: string | null;
}

export class AdminCreditPackDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() isManual: boolean;
  @ApiProperty() isRefund: boolean;
  @ApiProperty() isSingle: boolean;
  @ApiProperty() isTrialPack: boolean;
  @ApiProperty({ format: 'date-time' }) purchaseDate: string;
  @ApiProperty({ format: 'date-time' }) expiryDate: string;
  @ApiProperty({ nullable: true, type: String }) note: string | null;
  @ApiProperty({ type: [AdminCreditDto] }) credits: AdminCreditDto[];
}

export class AdminCreditsDataResponseDto {
  @ApiProperty({ type: [AdminCreditPackDto], description: 'Newest first.' }) packs: AdminCreditPackDto[];
  @ApiProperty() unusedCredits: number;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) latestExpiry: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) latestTrialExpiry: string | null;

  static from(data: CreditsData): AdminCreditsDataResponseDto {
    const dto = new AdminCreditsDataResponseDto();
    dto.packs = data.packs.map((pack) => ({
      id: pack.id,
      isManual: pack.kind === 'manual',
      isRefund: pack.kind === 'refund',
      isSingle: pack.kind === 'single',
      isTrialPack: pack.kind === 'trial',
      purchaseDate: pack.purchaseDate.toISOString(),
      expiryDate: pack.expiryDate.toISOString(),
      note: pack.note,
      credits: pack.credits.map((credit) => ({ redeemedDate: iso(credit.redeemedDate) })),
    }));
    dto.unusedCredits = data.unusedCredits;
    dto.latestExpiry = iso(data.latestExpiry);
    dto.latestTrialExpiry = iso(data.latestTrialExpiry);
    return dto;
  }
}

export class AddCreditPackRequestDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: CUSTOMER_NOT_FOUND }) userId: string;
  @ApiProperty({ minimum: CREDIT_AMOUNT_MIN, maximum: CREDIT_AMOUNT_MAX })
  @IsSafeInt({ message: ADMIN_MESSAGES.amount })
  @Min(CREDIT_AMOUNT_MIN, { message: ADMIN_MESSAGES.amount })
  @Max(CREDIT_AMOUNT_MAX, { message: ADMIN_MESSAGES.amount })
  amount: number;
  @ApiPropertyOptional({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Required with updateAllExpiries; otherwise defaults to one month (trial) or 24 months ahead.',
  })
  @IsOptional()
  @IsDateTime({ message: ADMIN_MESSAGES.expiryRequired })
  expiryDate?: string | null;
  @ApiPropertyOptional({ type: Boolean, default: false, description: "Trial credits: 'Trial credits' note, one month by default, never updates other packs." })
  @IsOptional()
  @IsBoolean()
  isTrialPack = false;
  @ApiPropertyOptional({ type: Boolean, default: false, description: "Give every pack of the customer this pack's expiry (ignored for trial packs)." })
  @IsOptional()
  @IsBoolean()
  updateAllExpiries = false;
  @ApiPropertyOptional({ nullable: true, type: String }) @IsOptional() @IsString() @MaxLength(NOTE_MAX_LENGTH, { message: ADMIN_MESSAGES.note }) note?: string | null;
  @ApiPropertyOptional({ description: 'Made once per grant by the client: a retried request grants once.' }) @IsOptional() @Matches(CLIENT_TOKEN_PATTERN) idempotencyKey?: string;
}

export class DeleteCreditPackRequestDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: CUSTOMER_NOT_FOUND }) userId: string;
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: 'Credit pack not found.' }) packId: string;
}

export class ChangeEmailRequestDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: CUSTOMER_NOT_FOUND }) userId: string;
  @ApiProperty() @IsAccountEmail() email: string;
}

export class SetApiEnabledRequestDto {
  @ApiProperty({ format: 'uuid' }) @Matches(UUID_PATTERN, { message: CUSTOMER_NOT_FOUND }) userId: string;
  @ApiProperty() @IsBoolean() apiEnabled: boolean;
}

export class EmailChangeDto {
  @ApiProperty({ description: 'The address the account had.' }) email: string;
  @ApiProperty({ description: 'The address it was changed to.' }) newEmail: string;
  @ApiProperty({ format: 'date-time', description: 'When the account stopped using `email`.' }) dateChangedFrom: string;
  @ApiProperty({ description: 'The administrator who changed it.' }) changedBy: string;

  static from(change: EmailChange): EmailChangeDto {
    const dto = new EmailChangeDto();
    dto.email = change.email;
    dto.newEmail = change.newEmail;
    dto.dateChangedFrom = change.dateChangedFrom.toISOString();
    dto.changedBy = change.changedBy;
    return dto;
  }
}

export class SummaryEntryDto {
  @ApiProperty() key: string;
  @ApiProperty() label: string;
  @ApiProperty() value: number;
}

export class RevenueDto {
  @ApiProperty({ enum: CURRENCIES }) currency: string;
  @ApiProperty({ description: 'Minor units.' }) amount: number;
}

export class DrawsOnDayDto {
  @ApiProperty({ description: 'YYYY-MM-DD (UTC)' }) date: string;
  @ApiProperty({ description: 'Draws created that day.' }) created: number;
  @ApiProperty({ description: 'Draws drawn that day.' }) completed: number;
}

export class RevenueOnDayDto {
  @ApiProperty({ description: 'YYYY-MM-DD (UTC)' }) date: string;
  @ApiProperty({ description: 'Minor units.' }) USD: number;
  @ApiProperty({ description: 'Minor units.' }) AUD: number;
  @ApiProperty({ description: 'Minor units.' }) CAD: number;
  @ApiProperty({ description: 'Minor units.' }) NZD: number;
  @ApiProperty({ description: 'Minor units.' }) GBP: number;
}

export class StatisticsResponseDto {
  @ApiProperty({ type: [SummaryEntryDto] }) summary: SummaryEntryDto[];
  @ApiProperty() completedDraws: number;
  @ApiProperty() scheduledDraws: number;
  @ApiProperty() publishedDraws: number;
  @ApiProperty({ type: [String], description: 'Users signed in now.' }) activeUserNames: string[];
  @ApiProperty({ type: [RevenueDto], description: 'Invoiced, all time, per currency.' }) revenue: RevenueDto[];
  @ApiProperty({ type: [DrawsOnDayDto], description: 'The last 30 days.' }) drawsOverTime: DrawsOnDayDto[];
  @ApiProperty({ type: [RevenueOnDayDto], description: 'The last 30 days.' }) revenueOverTime: RevenueOnDayDto[];

  static from(statistics: AdminStatistics): StatisticsResponseDto {
    const dto = new StatisticsResponseDto();
    dto.summary = statistics.summary.map(({ key, label, value }) => ({ key, label, value }));
    dto.completedDraws = statistics.completedDraws;
    dto.scheduledDraws = statistics.scheduledDraws;
    dto.publishedDraws = statistics.publishedDraws;
    dto.activeUserNames = [...statistics.activeUserNames];
    dto.revenue = statistics.revenue.map(({ currency, amount }) => ({ currency, amount }));
    dto.drawsOverTime = statistics.drawsOverTime.map(({ date, created, completed }) => ({ date, created, completed }));
    dto.revenueOverTime = statistics.revenueOverTime.map(({ date, USD, AUD, CAD, NZD, GBP }) => ({ date, USD, AUD, CAD, NZD, GBP }));
    return dto;
  }
}

export class AuditLogQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only the entries about this customer.' }) @IsOptional() @Matches(UUID_PATTERN, { message: CUSTOMER_NOT_FOUND }) userId?: string;
}

export class AuditEntryDto {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty() adminEmail: string;
  @ApiProperty() action: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) customerUserId: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) detail: Record<string, unknown>;

  static from(entry: AuditEntry): AuditEntryDto {
    const dto = new AuditEntryDto();
    dto.id = entry.id;
    dto.at = entry.at.toISOString();
    dto.adminEmail = entry.adminEmail;
    dto.action = entry.action;
    dto.customerUserId = entry.customerUserId;
    dto.detail = entry.detail;
    return dto;
  }
}

import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RefuseTestKey, RequireAdmin } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import { AdminConsoleService } from '../application/admin-console.service.js';
import {
  AddCreditPackRequestDto,
  AdminCreditsDataResponseDto,
  AuditEntryDto,
  AuditLogQueryDto,
  ChangeEmailRequestDto,
  CustomerAccountDto,
  CustomerDto,
  CustomerQueryDto,
  CustomersQueryDto,
  CustomersResponseDto,
  DeleteCreditPackRequestDto,
  EmailChangeDto,
  SetApiEnabledRequestDto,
  StatisticsResponseDto,
} from './dto/admin.dto.js';
import { CUSTOMERS_PAGE_SIZE } from '../domain/admin-rules.js';

/** An administrator's test key, like anyone's, changes test draws only: never a customer's credits or account. */
const TEST_KEY_CHANGES_NO_CUSTOMER = "A test API key changes test draws only. Use a live API key, or sign in on the website, to change a customer's account.";

/** Part 2 §7 "Admin resource": administrators only (401 without a login, 403 for everyone else). */
@ApiTags('admin')
@RequireAdmin()
@Controller('api/admin')
export class AdminController {
  constructor(private readonly console: AdminConsoleService) {}

  @Get('statistics')
  @ApiOperation({ operationId: 'getAdminStatistics', summary: 'Draw, customer and revenue figures, with the last 30 days by day' })
  @ApiOkResponse({ type: StatisticsResponseDto })
  async statistics(): Promise<StatisticsResponseDto> {
    return StatisticsResponseDto.from(await this.console.statistics());
  }

  @Get('customers')
  @ApiOperation({ operationId: 'getCustomers', summary: 'Customers, 10 per page, searched by e-mail and sorted' })
  @ApiOkResponse({ type: CustomersResponseDto })
  async customers(@Query() query: CustomersQueryDto): Promise<CustomersResponseDto> {
    const { customers, total } = await this.console.customers(query);
    return { customers: customers.map((customer) => CustomerDto.from(customer)), total, page: query.page, pageSize: CUSTOMERS_PAGE_SIZE };
  }

  @Get('getCreditsData')
  @ApiOperation({ operationId: 'getCustomerCreditsData', summary: "A customer's credit packs and unused credits" })
  @ApiOkResponse({ type: AdminCreditsDataResponseDto })
  async getCreditsData(@Query() query: CustomerQueryDto, @CurrentUser() admin: User): Promise<AdminCreditsDataResponseDto> {
    return AdminCreditsDataResponseDto.from(await this.console.creditsData(admin, query.userId));
  }

  @Post('addCreditPack')
  @RefuseTestKey(TEST_KEY_CHANGES_NO_CUSTOMER)
  @HttpCode(200)
  @ApiOperation({ operationId: 'addCreditPack', summary: 'Add 1 to 100 credits to a customer (optionally trial credits, or moving every pack to its expiry)' })
  @ApiOkResponse({ type: AdminCreditsDataResponseDto })
  async addCreditPack(@Body() body: AddCreditPackRequestDto, @CurrentUser() admin: User): Promise<AdminCreditsDataResponseDto> {
    const request = {
      amount: body.amount,
      expiryDate: body.expiryDate ? new Date(body.expiryDate) : null,
      isTrialPack: body.isTrialPack,
      updateAllExpiries: body.updateAllExpiries,
      note: body.note ?? null,
    };
    const data = await this.console.addCreditPack(admin, body.userId, request, body.idempotencyKey);
    return AdminCreditsDataResponseDto.from(data);
  }

  @Post('deleteCreditPack')
  @RefuseTestKey(TEST_KEY_CHANGES_NO_CUSTOMER)
  @HttpCode(200)
  @ApiOperation({ operationId: 'deleteCreditPack', summary: 'Delete a pack none of whose credits has been used' })
  @ApiOkResponse({ type: AdminCreditsDataResponseDto })
  async deleteCreditPack(@Body() body: DeleteCreditPackRequestDto, @CurrentUser() admin: User): Promise<AdminCreditsDataResponseDto> {
    return AdminCreditsDataResponseDto.from(await this.console.deleteCreditPack(admin, body.userId, body.packId));
  }

  @Post('changeEmail')
  @RefuseTestKey(TEST_KEY_CHANGES_NO_CUSTOMER)
  @HttpCode(200)
  @ApiOperation({ operationId: 'changeCustomerEmail', summary: "Change a customer's e-mail (confirmed again; the old address is told)" })
  @ApiOkResponse({ type: CustomerAccountDto })
  async changeEmail(@Body() body: ChangeEmailRequestDto, @CurrentUser() admin: User): Promise<CustomerAccountDto> {
    return CustomerAccountDto.from(await this.console.changeEmail(admin, body.userId, body.email));
  }

  @Get('getEmailHistory')
  @ApiOperation({ operationId: 'getEmailHistory', summary: "A customer's earlier e-mail addresses, latest change first" })
  @ApiOkResponse({ type: [EmailChangeDto] })
  async getEmailHistory(@Query() query: CustomerQueryDto, @CurrentUser() admin: User): Promise<EmailChangeDto[]> {
    return (await this.console.emailHistory(admin, query.userId)).map((change) => EmailChangeDto.from(change));
  }

  @Post('setApiEnabled')
  @RefuseTestKey(TEST_KEY_CHANGES_NO_CUSTOMER)
  @HttpCode(200)
  @ApiOperation({ operationId: 'setApiEnabled', summary: 'Grant or revoke API access (revoking stops the keys at once)' })
  @ApiOkResponse({ type: CustomerAccountDto })
  async setApiEnabled(@Body() body: SetApiEnabledRequestDto, @CurrentUser() admin: User): Promise<CustomerAccountDto> {
    return CustomerAccountDto.from(await this.console.setApiEnabled(admin, body.userId, body.apiEnabled));
  }

  @Get('getAuditLog')
  @ApiOperation({ operationId: 'getAuditLog', summary: 'The latest 50 administrator actions, optionally about one customer' })
  @ApiOkResponse({ type: [AuditEntryDto] })
  async getAuditLog(@Query() query: AuditLogQueryDto): Promise<AuditEntryDto[]> {
    return (await this.console.auditLog(query.userId)).map((entry) => AuditEntryDto.from(entry));
  }
}

import { BadRequestException, Body, Controller, ForbiddenException, Get, HttpCode, Inject, Optional, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { APP_VERSION } from '../../config/app-version.js';
import { HumanCheckService } from '../../platform/human-check/human-check.service.js';
import { toModelState } from '../../platform/http/validation.js';
import { CREDIT_BALANCE } from '../accounts.tokens.js';
import { AccountService } from '../application/account.service.js';
import type { CreditBalance } from '../application/ports/credit-balance.port.js';
import type { User } from '../domain/user.js';
import { type CallerRequest, CurrentUser, OptionalUser, RefuseTestKey, RequireUser } from './auth/caller.js';
import { LoginGuard } from './auth/login.guard.js';
import { SESSION_COOKIE_NAME } from '../../platform/http/sessions.js';
import { AuthenticatedQueryDto, AuthenticatedRequestDto } from './dto/authenticated.request.dto.js';
import { LoginOrRegisterRequestDto } from './dto/login-or-register.request.dto.js';
import { LoginRequestDto } from './dto/login.request.dto.js';
import { CheckEmailQueryDto, ConfirmEmailQueryDto, ForgotPasswordRequestDto, ResetPasswordRequestDto } from './dto/password.request.dto.js';
import { RegisterRequestDto } from './dto/register.request.dto.js';
import { UpdateAccountRequestDto } from './dto/update-account.request.dto.js';
import { AuthenticatedResponseDto, CheckEmailResponseDto, LoginOrRegisterResponseDto, UserResponseDto } from './dto/user.response.dto.js';
import { MessageResponseDto } from '../../platform/http/message.response.dto.js';
import { addressKey } from '../../platform/rate-limit/client-address.js';

const FORGOT_PASSWORD_ANSWER = 'If an account exists for that address, we have sent it a link to reset the password.';
/** A test key is for trying draws out: one that leaked must not change the account. */
const TEST_KEY_CHANGES_NO_ACCOUNT = 'A test API key changes test draws only. Use a live API key, or sign in on the website, to change your account.';
/** A key is not a password: with one, and a guessed or stolen password, nobody locks the owner out. */
const KEY_CHANGES_NO_PASSWORD = 'Your password is changed on the account page, signed in on the website, not with an API key.';

@ApiTags('account')
@Controller('api/account')
export class AccountController {
  constructor(
    private readonly accounts: AccountService,
    private readonly humanCheck: HumanCheckService,
    @Optional() @Inject(CREDIT_BALANCE) private readonly credits?: CreditBalance,
  ) {}

  /** The user as the API shows it, with the credit balance billing keeps. */
  private async present(user: User | undefined): Promise<UserResponseDto> {
    return UserResponseDto.from(user, user && this.credits ? await this.credits.remainingCredits(user.id) : 0);
  }

  @Post('register')
  @ApiOperation({ operationId: 'register', summary: 'Create an account and log in; a confirmation link is e-mailed' })
  @ApiOkResponse({ type: UserResponseDto })
  @HttpCode(200)
  async register(@Body() body: RegisterRequestDto, @Req() request: CallerRequest): Promise<UserResponseDto> {
    await this.humanCheck.assertHuman(body.recaptchaResponse, request.ip);
    const user = await this.accounts.register(body, addressKey(request.ip));
    await logIn(request, user);
    return this.present(user);
  }

  @Post('login')
  @UseGuards(LoginGuard)
  @ApiOperation({ operationId: 'login', summary: 'Log in with e-mail and password (the session id is renewed)' })
  @ApiOkResponse({ type: UserResponseDto })
  @HttpCode(200)
  login(@Body() _body: LoginRequestDto, @CurrentUser() user: User): Promise<UserResponseDto> {
    return this.present(user);
  }

  @Post('loginOrRegister')
  @ApiOperation({ operationId: 'loginOrRegister', summary: "The wizard's account step: log in, or register a new e-mail" })
  @ApiOkResponse({ type: LoginOrRegisterResponseDto })
  @HttpCode(200)
  async loginOrRegister(@Body() body: LoginOrRegisterRequestDto, @Req() request: CallerRequest): Promise<LoginOrRegisterResponseDto> {
    await this.humanCheck.assertHuman(body.recaptchaResponse, request.ip);
    let user: User;
    let registered = false;
    if (await this.accounts.emailExists(body.email, addressKey(request.ip))) {
      user = await this.accounts.verifyCredentials(body.email, body.password, addressKey(request.ip));
    } else {
      const registration = plainToInstance(RegisterRequestDto, body);
      // As the global validation pipe checks `register`: one message per field, the first rule broken (a missing name is
      // incomplete, not too long).
      const errors = await validate(registration, { stopAtFirstError: true });
      if (errors.length) {
        const modelState = toModelState(errors);
        throw new BadRequestException({ message: Object.values(modelState)[0][0], modelState });
      }
      user = await this.accounts.register(registration, addressKey(request.ip));
      registered = true;
    }
    await logIn(request, user);
    return { user: await this.present(user), registered };
  }

  @Post('logOut')
  @ApiOperation({ operationId: 'logOut', summary: 'End the session' })
  @ApiOkResponse({ type: MessageResponseDto })
  @HttpCode(200)
  async logOut(@Req() request: CallerRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<MessageResponseDto> {
    if (request.session) await request.session.destroy();
    void reply.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
    return MessageResponseDto.of('Logged out.');
  }

  @Get('check')
  @ApiOperation({ operationId: 'checkEmail', summary: 'Whether an account exists for the e-mail (rate limited)' })
  @ApiOkResponse({ type: CheckEmailResponseDto })
  async check(@Query() query: CheckEmailQueryDto, @Req() request: CallerRequest): Promise<CheckEmailResponseDto> {
    return { exists: await this.accounts.emailExists(query.email, addressKey(request.ip)) };
  }

  @Get('get')
  @ApiOperation({ operationId: 'getAccount', summary: 'The current user; every personal field is null for a visitor' })
  @ApiOkResponse({ type: UserResponseDto })
  get(@OptionalUser() user: User | undefined): Promise<UserResponseDto> {
    return this.present(user);
  }

  @Post('update')
  @RequireUser()
  @RefuseTestKey(TEST_KEY_CHANGES_NO_ACCOUNT)
  @ApiOperation({
    operationId: 'updateAccount',
    summary: 'Change details, address, communication choice or password',
    description: 'A test API key is refused (403). The password is changed signed in on the website: a live API key sending `newPassword` is refused (403).',
  })
  @ApiOkResponse({ type: UserResponseDto })
  @HttpCode(200)
  async update(@Body() body: UpdateAccountRequestDto, @CurrentUser() user: User, @Req() request: CallerRequest): Promise<UserResponseDto> {
    if (body.newPassword !== undefined && request.callerSource !== 'web') throw new ForbiddenException({ message: KEY_CHANGES_NO_PASSWORD });
    const { address, ...rest } = body;
    return this.present(await this.accounts.updateProfile(user.id, { ...rest, address: address?.toDomain() }, addressKey(request.ip), request.session?.sessionId));
  }

  @Post('forgotPassword')
  @ApiOperation({ operationId: 'forgotPassword', summary: 'E-mail a password reset link (the answer never tells whether the account exists)' })
  @ApiOkResponse({ type: MessageResponseDto })
  @HttpCode(200)
  async forgotPassword(@Body() body: ForgotPasswordRequestDto, @Req() request: CallerRequest): Promise<MessageResponseDto> {
    await this.humanCheck.assertHuman(body.recaptchaResponse, request.ip);
    await this.accounts.requestPasswordReset(body.email, addressKey(request.ip));
    return MessageResponseDto.of(FORGOT_PASSWORD_ANSWER);
  }

  @Post('resetPassword')
  @ApiOperation({ operationId: 'resetPassword', summary: 'Set a new password with the e-mailed token (works once)' })
  @ApiOkResponse({ type: MessageResponseDto })
  @HttpCode(200)
  async resetPassword(@Body() body: ResetPasswordRequestDto): Promise<MessageResponseDto> {
    await this.accounts.resetPassword(body.token, body.password);
    return MessageResponseDto.of('Your password has been changed. Please log in with it.');
  }

  @Post('authenticated')
  @RequireUser()
  @ApiOperation({ operationId: 'authenticated', summary: "The client's 10-second session check (401 when the session is gone)" })
  @ApiOkResponse({ type: AuthenticatedResponseDto })
  @HttpCode(200)
  async authenticated(@Query() _query: AuthenticatedQueryDto, @Body() body: AuthenticatedRequestDto, @CurrentUser() user: User, @Req() request: CallerRequest): Promise<AuthenticatedResponseDto> {
    // The tab's clientSession joins the session, so that what the tab uploaded anonymously stays reachable.
    if (request.session && request.session.get('clientSession') !== body.clientSession) request.session.set('clientSession', body.clientSession);
    return { user: await this.present(user), version: APP_VERSION };
  }

  @Get('confirmEmail')
  @ApiOperation({ operationId: 'confirmEmail', summary: 'The link of the confirmation e-mail: confirms, then redirects home' })
  async confirmEmail(@Query() query: ConfirmEmailQueryDto, @Res() reply: FastifyReply): Promise<void> {
    const confirmed = await this.accounts.confirmEmail(query.token);
    void reply.redirect(confirmed ? '/?registered=confirmed' : '/account/login/?error=confirmation', 302);
  }
}

/** passport's logIn: regenerates the session id, then stores the user id in it. */
function logIn(request: CallerRequest, user: User): Promise<void> {
  return new Promise((resolve, reject) => {
    const withPassport = request as CallerRequest & { logIn: (user: User, done: (error?: unknown) => void) => void };
    withPassport.logIn(user, (error) => (error ? reject(error) : resolve()));
  });
}

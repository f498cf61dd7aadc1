import { BadRequestException, type ExecutionContext, Injectable } from '@nestjs/common';
import { HumanCheckService } from '../../../platform/human-check/human-check.service.js';
import { AuthGuard } from '@nestjs/passport';
import { AccountService } from '../../application/account.service.js';
import { ACCOUNT_MESSAGES } from '#rules';
import { createValidationPipe } from '../../../platform/http/validation.js';
import { LoginRequestDto } from '../dto/login.request.dto.js';
import type { CallerRequest } from './caller.js';
import { addressKey } from '../../../platform/rate-limit/client-address.js';

/** Guards run before pipes: the login body is validated here, before any credential is looked up. */
const loginBody = createValidationPipe();

/** Checks the credentials with the local strategy, then logs in: passport regenerates the session id. */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(
    private readonly humanCheck: HumanCheckService,
    private readonly accounts: AccountService,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<CallerRequest>();
    await loginBody.transform(request.body, { type: 'body', metatype: LoginRequestDto });
    const body = (request.body ?? {}) as { email?: unknown; password?: unknown };
    if (typeof body.email !== 'string' || body.email.trim() === '') {
      throw new BadRequestException({ message: ACCOUNT_MESSAGES.email, modelState: { email: [ACCOUNT_MESSAGES.email] } });
    }
    if (typeof body.password !== 'string' || body.password === '') {
      throw new BadRequestException({ message: ACCOUNT_MESSAGES.password, modelState: { password: [ACCOUNT_MESSAGES.password] } });
    }
    // Login uses the same human check as registration (part 1 §5): a token the client sends is always checked, and
    // one is required once the account or the address has failed a few times (the lockout policy, docs/decisions.md).
    const token = typeof (body as { recaptchaResponse?: unknown }).recaptchaResponse === 'string' ? (body as { recaptchaResponse: string }).recaptchaResponse : undefined;
    if (token !== undefined || (await this.accounts.loginNeedsHumanCheck(body.email, addressKey(request.ip)))) await this.humanCheck.assertHuman(token, request.ip);
    const result = (await super.canActivate(context)) as boolean;
    await super.logIn(request as CallerRequest & { logIn: (...args: unknown[]) => void });
    request.callerSource = 'web';
    return result;
  }
}

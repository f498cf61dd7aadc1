import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { HUMAN_CHECK, HUMAN_CHECK_INVALID_MESSAGE, type HumanCheck } from './human-check.port.js';

@Injectable()
export class HumanCheckService {
  constructor(@Inject(HUMAN_CHECK) private readonly humanCheck: HumanCheck) {}

  /** Refuses the request with the spec's message (on the recaptchaResponse field) unless a human sent it. */
  async assertHuman(responseToken: string | undefined, remoteIp?: string): Promise<void> {
    if (await this.humanCheck.verify(responseToken, remoteIp)) return;
    throw new BadRequestException({ message: HUMAN_CHECK_INVALID_MESSAGE, modelState: { recaptchaResponse: [HUMAN_CHECK_INVALID_MESSAGE] } });
  }
}

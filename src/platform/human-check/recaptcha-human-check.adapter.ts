import { Logger } from '@nestjs/common';
import type { HumanCheck } from './human-check.port.js';

const DEFAULT_TIMEOUT_MS = 5000;

/** The siteverify protocol of reCAPTCHA (and of hCaptcha and Turnstile, which speak the same form). */
export class RecaptchaHumanCheck implements HumanCheck {
  private readonly logger = new Logger('HumanCheck');

  constructor(
    private readonly secret: string,
    private readonly verifyUrl: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  async verify(responseToken: string | undefined, remoteIp?: string): Promise<boolean> {
    if (!responseToken || responseToken.length > 4096) return false;
    const body = new URLSearchParams({ secret: this.secret, response: responseToken });
    if (remoteIp) body.set('remoteip', remoteIp);
    try {
      const response = await fetch(this.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) {
        this.logger.warn(`The human check provider answered ${response.status}`);
        return false;
      }
      const result = (await response.json()) as { success?: unknown; 'error-codes'?: unknown };
      return result.success === true;
    } catch (error) {
      this.logger.warn(`The human check provider could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
}

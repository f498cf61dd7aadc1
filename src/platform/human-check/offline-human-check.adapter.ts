import type { HumanCheck } from './human-check.port.js';

/** Development and tests without provider keys: every check passes (production refuses to start without keys). */
export class OfflineHumanCheck implements HumanCheck {
  async verify(): Promise<boolean> {
    return true;
  }
}

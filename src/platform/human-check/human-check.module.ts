import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { HUMAN_CHECK } from './human-check.port.js';
import { HumanCheckService } from './human-check.service.js';
import { OfflineHumanCheck } from './offline-human-check.adapter.js';
import { RecaptchaHumanCheck } from './recaptcha-human-check.adapter.js';

@Global()
@Module({
  providers: [
    {
      provide: HUMAN_CHECK,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => {
        const secret = config.get('RECAPTCHA_SECRET_KEY', { infer: true });
        return secret ? new RecaptchaHumanCheck(secret, config.get('RECAPTCHA_VERIFY_URL', { infer: true })) : new OfflineHumanCheck();
      },
    },
    HumanCheckService,
  ],
  exports: [HumanCheckService],
})
export class HumanCheckModule {}

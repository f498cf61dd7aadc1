import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Environment } from '../../config/environment.js';
import { LogMailTransport } from './log-mail-transport.adapter.js';
import { MailOutboxOrmEntity } from './mail-outbox.orm-entity.js';
import { MailOutboxService } from './mail-outbox.service.js';
import { MAIL_TRANSPORT } from './mail-transport.port.js';
import { SmtpMailTransport } from './smtp-mail-transport.adapter.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxOrmEntity])],
  providers: [
    {
      provide: MAIL_TRANSPORT,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => {
        const smtpUrl = config.get('SMTP_URL', { infer: true });
        return smtpUrl ? new SmtpMailTransport(smtpUrl) : new LogMailTransport();
      },
    },
    MailOutboxService,
  ],
  exports: [MailOutboxService],
})
export class MailModule {}

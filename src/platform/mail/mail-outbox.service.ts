import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { Environment } from '../../config/environment.js';
import { joinTransaction } from '../database/transaction-scope.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailOutboxOrmEntity } from './mail-outbox.orm-entity.js';
import { MAIL_TRANSPORT, type MailMessage, type MailTransport } from './mail-transport.port.js';

const DELIVER_QUEUE = 'mail-deliver';
/**
 * Retries of a delivery, backing off from 10-20 s and doubling: the last comes some 11 to 23 hours after the first
 * (the queues' default of 5 gave up after 5 to 10 minutes, and nothing else ever delivered the message).
 */
const DELIVERY_RETRIES = 12;

/**
 * Every e-mail is first written to the outbox table (so none is lost if the SMTP server is down), then delivered
 * by a job that retries with backoff. Once delivered, only its envelope (recipient, subject, times) is kept.
 */
@Injectable()
export class MailOutboxService implements OnModuleInit {
  constructor(
    @InjectRepository(MailOutboxOrmEntity) private readonly outbox: Repository<MailOutboxOrmEntity>,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly jobs: JobsService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work<{ id: string }>(DELIVER_QUEUE, ({ id }) => this.deliver(id));
  }

  /**
   * Records the message and queues its delivery in one transaction (the caller's, given or surrounding, else its own):
   * a message stored without its job would never be delivered, as nothing else looks for one.
   */
  async send(message: MailMessage, manager?: EntityManager): Promise<void> {
    const record = async (within: EntityManager) => {
      const repository = within.getRepository(MailOutboxOrmEntity);
      const row = await repository.save(repository.create({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null }));
      await this.jobs.send(DELIVER_QUEUE, { id: row.id }, within, { retryLimit: DELIVERY_RETRIES });
    };
    if (manager) return record(manager);
    await joinTransaction(this.outbox.manager.connection, record);
    // Committed, unless a surrounding transaction is still open (the worker's next poll finds the job then).
    await this.jobs.wake(DELIVER_QUEUE);
  }

  private async deliver(id: string): Promise<void> {
    const row = await this.outbox.findOneBy({ id });
    if (!row) throw new Error(`Outbox message ${id} not found`);
    if (row.sentAt) return;
    try {
      await this.transport.deliver({
        from: this.config.get('MAIL_FROM', { infer: true }),
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
      });
      // A delivered body is dropped: it held working links (reset, confirmation) and the sender's words, and the
      // recipient has its copy. What was sent, to whom and when stays.
      await this.outbox.update({ id }, { sentAt: new Date(), attempts: row.attempts + 1, lastError: null, textBody: '', htmlBody: null });
    } catch (error) {
      await this.outbox.update({ id }, { attempts: row.attempts + 1, lastError: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }
}

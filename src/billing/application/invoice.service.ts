import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DownloadRegistry } from '../../platform/downloads/downloads.js';
import type { Invoice } from '../domain/payment.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { TypeormBillingRepository } from '../infrastructure/typeorm-billing.repository.js';
import { UUID_PATTERN } from '../../platform/http/patterns.js';

const INVOICES_PAGE_SIZE = 10;

@Injectable()
export class InvoiceService implements OnModuleInit {
  constructor(
    private readonly billing: TypeormBillingRepository,
    private readonly downloads: DownloadRegistry,
  ) {}

  onModuleInit(): void {
    // `/download/invoice/{id}`: the invoice's owner only; anyone else is told it does not exist.
    this.downloads.register({
      kind: 'invoice',
      open: async (id, caller) => {
        if (!caller || !UUID_PATTERN.test(id)) return null;
        const invoice = await this.billing.findInvoice(id);
        if (!invoice || invoice.userId !== caller.id) return null;
        return { fileName: `FairDraw-invoice-${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf', body: renderInvoicePdf(invoice) };
      },
    });
  }

  list(userId: string, page: number, count = INVOICES_PAGE_SIZE): Promise<{ invoices: Invoice[]; total: number }> {
    return this.billing.invoicesFor(userId, page, count);
  }

  async numberForPayment(paymentId: string): Promise<number | null> {
    return (await this.billing.findInvoiceByPayment(paymentId))?.invoiceNumber ?? null;
  }
}

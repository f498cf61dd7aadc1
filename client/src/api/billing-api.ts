import { billingGeneratedApi, type BuyCreditsResponseDto } from './generated/billing';

export type { InvoiceDto } from './generated/billing';

/**
 * Credits data is cached as 'Credits', the invoice list as 'Invoices'. A purchase changes both and the account's
 * `remainingCredits` ('Account', the tag of account-api.ts), so it refetches all three; it does so whatever the
 * answer, because a purchase whose answer was lost may still have gone through. Starting a wallet payment changes
 * nothing the page shows. The generated file tags every endpoint 'billing', which these rules replace.
 */
const billingApi = billingGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Credits', 'Invoices', 'Account'],
  endpoints: {
    getPrices: { providesTags: [] },
    getCreditsData: { providesTags: ['Credits'] },
    getInvoices: { providesTags: ['Invoices'] },
    buyCredits: { invalidatesTags: ['Credits', 'Invoices', 'Account'] },
    executeWalletPayment: { invalidatesTags: ['Credits', 'Invoices', 'Account'] },
    createWalletPayment: { invalidatesTags: [] },
  },
});

/** A completed purchase: the new balance and the invoice it produced. */
export interface PurchaseOutcome {
  remainingCredits: number;
  invoiceNumber: number | null;
}

/**
 * The generated type reads `invoiceNumber` as `object`: the server's DTO declares `number | null` without a
 * swagger type, which the generator cannot see. The wire value is a number or null.
 */
export function purchaseOutcomeOf(response: BuyCreditsResponseDto): PurchaseOutcome {
  const invoiceNumber = response.invoiceNumber as unknown;
  return { remainingCredits: response.remainingCredits, invoiceNumber: typeof invoiceNumber === 'number' ? invoiceNumber : null };
}

export const { useGetCreditsDataQuery, useGetInvoicesQuery, useBuyCreditsMutation, useCreateWalletPaymentMutation, useExecuteWalletPaymentMutation } = billingApi;

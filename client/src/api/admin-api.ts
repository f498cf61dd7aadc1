import { adminGeneratedApi } from './generated/admin';

export type {
  AdminCreditPackDto,
  AdminCreditsDataResponseDto,
  AuditEntryDto,
  CustomerDto,
  EmailChangeDto,
  StatisticsResponseDto,
} from './generated/admin';

/**
 * The console polls the statistics ('AdminStatistics') and the customer list ('Customers'). A customer's credits are
 * 'CustomerCredits', their e-mail history 'EmailHistory', the audit log 'AuditLog'. Credit changes also move the
 * list's unused credits and the statistics; an e-mail change or API access the list. Mutations refresh whatever
 * the answer: a refused one may mean someone else changed the account meanwhile. The generated blanket 'admin' tag
 * is replaced on every endpoint.
 */
export const adminApi = adminGeneratedApi.enhanceEndpoints({
  addTagTypes: ['AdminStatistics', 'Customers', 'CustomerCredits', 'EmailHistory', 'AuditLog'],
  endpoints: {
    getAdminStatistics: { providesTags: ['AdminStatistics'] },
    getCustomers: { providesTags: ['Customers'] },
    getCustomerCreditsData: { providesTags: ['CustomerCredits'] },
    getEmailHistory: { providesTags: ['EmailHistory'] },
    getAuditLog: { providesTags: ['AuditLog'] },
    addCreditPack: { invalidatesTags: ['CustomerCredits', 'Customers', 'AdminStatistics', 'AuditLog'] },
    deleteCreditPack: { invalidatesTags: ['CustomerCredits', 'Customers', 'AdminStatistics', 'AuditLog'] },
    changeCustomerEmail: { invalidatesTags: ['Customers', 'EmailHistory', 'AuditLog'] },
    setApiEnabled: { invalidatesTags: ['Customers', 'AdminStatistics', 'AuditLog'] },
  },
});

export const {
  useGetAdminStatisticsQuery,
  useGetCustomersQuery,
  useGetCustomerCreditsDataQuery,
  useGetEmailHistoryQuery,
  useGetAuditLogQuery,
  useAddCreditPackMutation,
  useDeleteCreditPackMutation,
  useChangeCustomerEmailMutation,
  useSetApiEnabledMutation,
} = adminApi;

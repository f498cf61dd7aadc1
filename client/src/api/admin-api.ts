import { adminGeneratedApi, type AdminCreditsDataResponseDto } from './generated/admin';

export type { AdminCreditPackDto, CustomerDto, StatisticsResponseDto } from './generated/admin';

type CacheUpdate = (action: unknown) => unknown;

/**
 * A credit change answers the customer's credits as they now are: they go into the cache as they are, because asking
 * again would write a second "viewed the credits" entry in the audit log. A change refused for another reason than
 * the form asks again (the pack may have been used meanwhile).
 */
async function storeCredits(userId: string, dispatch: CacheUpdate, queryFulfilled: Promise<{ data: AdminCreditsDataResponseDto }>): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(adminGeneratedApi.util.upsertQueryData('getCustomerCreditsData', { userId }, data));
  } catch (failure) {
    // A form error (400) changed nothing; anything else may mean the customer's packs moved on.
    if ((failure as { error?: { status?: unknown } }).error?.status === 400) return;
    dispatch(adminGeneratedApi.endpoints.getCustomerCreditsData.initiate({ userId }, { subscribe: false, forceRefetch: true }));
  }
}

/**
 * The console polls the statistics ('AdminStatistics') and the customer list ('Customers'). A customer's credits are
 * 'CustomerCredits', their e-mail history 'EmailHistory', the audit log 'AuditLog'. Credit changes also move the
 * list's unused credits and the statistics; an e-mail change or API access the list; every change the audit log.
 * Lists refresh whatever the answer: a refused change may mean someone else changed the account meanwhile. The
 * generated blanket 'admin' tag is replaced on every endpoint.
 */
const adminApi = adminGeneratedApi.enhanceEndpoints({
  addTagTypes: ['AdminStatistics', 'Customers', 'CustomerCredits', 'EmailHistory', 'AuditLog'],
  endpoints: {
    getAdminStatistics: { providesTags: ['AdminStatistics'] },
    getCustomers: { providesTags: ['Customers'] },
    getCustomerCreditsData: { providesTags: ['CustomerCredits'] },
    getEmailHistory: { providesTags: ['EmailHistory'] },
    getAuditLog: { providesTags: ['AuditLog'] },
    addCreditPack: {
      invalidatesTags: ['Customers', 'AdminStatistics', 'AuditLog'],
      onQueryStarted: (arg, { dispatch, queryFulfilled }) => storeCredits(arg.addCreditPackRequestDto.userId, dispatch, queryFulfilled),
    },
    deleteCreditPack: {
      invalidatesTags: ['Customers', 'AdminStatistics', 'AuditLog'],
      onQueryStarted: (arg, { dispatch, queryFulfilled }) => storeCredits(arg.deleteCreditPackRequestDto.userId, dispatch, queryFulfilled),
    },
    // The history is asked for each time its modal opens; asking again here would be one more audited look.
    changeCustomerEmail: { invalidatesTags: ['Customers', 'AuditLog'] },
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

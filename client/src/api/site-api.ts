import { type GetSiteConfigurationApiArg, type SiteConfigurationResponseDto, siteGeneratedApi } from './generated/site';

export type { ReviewDto, ReviewListResponseDto, SiteConfigurationResponseDto } from './generated/site';

/** Site configuration changes rarely: cached for an hour; the version is always asked afresh. */
export const siteApi = siteGeneratedApi.enhanceEndpoints({
  endpoints: {
    getSiteConfiguration: { keepUnusedDataFor: 3600 },
    getVersion: { keepUnusedDataFor: 0 },
    getReviews: { keepUnusedDataFor: 600 },
  },
});

export const { useGetReviewsQuery } = siteApi;
const { useGetSiteConfigurationQuery } = siteApi;

/** The answer alone, or that there is none (see useSiteConfigurationData). */
const selectAnswer = ({ data, isError }: { data?: SiteConfigurationResponseDto; isError: boolean }) => ({ data, isError });

/**
 * The site configuration, re-rendering its consumer when the answer arrives but not when the request starts (the
 * whole result changes then: request id, status, time stamps). On a prerendered page the request starts just after
 * hydration, and that re-render of the frame, home and the wizard was one long task.
 */
export function useSiteConfigurationData(args: GetSiteConfigurationApiArg) {
  return useGetSiteConfigurationQuery(args, { selectFromResult: selectAnswer });
}

import { siteGeneratedApi } from './generated/site';

export type { ReviewDto, SiteConfigurationResponseDto } from './generated/site';

/** Site configuration changes rarely: cached for an hour; the version is always asked afresh. */
export const siteApi = siteGeneratedApi.enhanceEndpoints({
  endpoints: {
    getSiteConfiguration: { keepUnusedDataFor: 3600 },
    getVersion: { keepUnusedDataFor: 0 },
    getReviews: { keepUnusedDataFor: 600 },
  },
});

export const { useGetSiteConfigurationQuery, useGetVersionQuery, useGetReviewsQuery } = siteApi;

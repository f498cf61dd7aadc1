import { siteGeneratedApi } from './generated/site';

/** Site configuration changes rarely: cached for an hour; the version is always asked afresh. */
export const siteApi = siteGeneratedApi.enhanceEndpoints({
  endpoints: {
    getSiteConfiguration: { keepUnusedDataFor: 3600 },
    getVersion: { keepUnusedDataFor: 0 },
  },
});

export const { useGetSiteConfigurationQuery, useGetVersionQuery } = siteApi;

import { brandingGeneratedApi } from './generated/branding';

export type { ContrastWarningDto } from './generated/branding';

/** Saving a branding changes what the public certificate and branding answers show (tag 'certificate'). */
const brandingApi = brandingGeneratedApi.enhanceEndpoints({
  addTagTypes: ['certificate'],
  endpoints: {
    saveBranding: { invalidatesTags: ['certificate', 'branding'] },
    getBrandReuseList: { keepUnusedDataFor: 0 },
  },
});

export const { useSaveBrandingMutation, useGetBrandReuseListQuery } = brandingApi;

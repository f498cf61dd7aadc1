import { certificateGeneratedApi } from './generated/certificate';

export type { BrandingDto, CertificateResponseDto } from './generated/certificate';

/** The public certificate data: a drawn draw's certificate never changes but its branding may, so it is not kept long. */
export const certificateApi = certificateGeneratedApi.enhanceEndpoints({
  endpoints: {
    getCertificate: { keepUnusedDataFor: 30 },
    getPublicBranding: { keepUnusedDataFor: 30 },
  },
});

export const { useGetCertificateQuery, useGetPublicBrandingQuery } = certificateApi;

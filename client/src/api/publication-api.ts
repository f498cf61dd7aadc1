import { type DrawIdRequestDto, type PublicationSetupResponseDto, publicationGeneratedApi } from './generated/publication';

export type { CheckEntryResponseDto, EntryCheckSetupResponseDto, PublicationSetupResponseDto } from './generated/publication';

/**
 * The owner's publication setup is cached as 'Publication' and the entry check setup as 'EntryCheck' by draw id;
 * publishing, unpublishing and configuring refetch their own setup and the draw. A public check changes nothing
 * cached. (The generated file tags every endpoint 'publication', so each check would refetch every page's data.)
 */
const taggedPublicationApi = publicationGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Publication', 'EntryCheck', 'Draw', 'PublicWinners'],
  endpoints: {
    getPublication: { invalidatesTags: [] },
    publishWinners: { invalidatesTags: (_r, _e, arg) => [{ type: 'Publication', id: arg.publishRequestDto.id }, { type: 'Draw', id: arg.publishRequestDto.id }, 'PublicWinners'] },
    unpublishWinners: { invalidatesTags: (_r, _e, arg) => [{ type: 'Publication', id: arg.drawIdRequestDto.id }, { type: 'Draw', id: arg.drawIdRequestDto.id }, 'PublicWinners'] },
    getPublicWinners: { providesTags: ['PublicWinners'] },
    getEntryCheck: { providesTags: (_r, _e, arg) => [{ type: 'EntryCheck', id: arg.id }] },
    configureEntryCheck: {
      invalidatesTags: (_r, _e, arg) => [
        { type: 'EntryCheck', id: arg.entryCheckSetupRequestDto.drawId },
        { type: 'Draw', id: arg.entryCheckSetupRequestDto.drawId },
      ],
    },
    getPublicEntryCheck: { providesTags: [] },
    checkEntry: { invalidatesTags: [] },
  },
});

/**
 * `POST /api/draw/publication` reads the setup (the spec makes it a POST): the generated endpoint is a mutation,
 * so the page reads it through this query instead, cached and refetched like any other read.
 */
const publicationApi = taggedPublicationApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicationSetup: build.query<PublicationSetupResponseDto, DrawIdRequestDto>({
      query: (body) => ({ url: '/api/draw/publication', method: 'POST', body }),
      providesTags: (_r, _e, arg) => [{ type: 'Publication', id: arg.id }],
    }),
  }),
});

export const {
  useGetPublicationSetupQuery,
  usePublishWinnersMutation,
  useUnpublishWinnersMutation,
  useGetPublicWinnersQuery,
  useGetEntryCheckQuery,
  useConfigureEntryCheckMutation,
  useGetPublicEntryCheckQuery,
  useCheckEntryMutation,
} = publicationApi;

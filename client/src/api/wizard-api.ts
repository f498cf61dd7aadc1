import { drawsApi } from './draws-api';
import { uploadsGeneratedApi } from './generated/uploads';

export type { SubmitDrawRequestDto } from './generated/draw';
export type { AdvancedProcessingResultDto, ConfirmDrawDetailsResponseDto, UploadResultDto } from './generated/uploads';

/**
 * The wizard's calls. Submitting and drafts are the draw endpoints as draws-api.ts tags them (a new draw or draft
 * refetches the draw list and the account's credits). Confirming and processing an upload only read the file the
 * tab uploaded: they change nothing another screen caches, so they invalidate nothing (the generated 'uploads' tag
 * would). The upload itself is not here: it goes through XMLHttpRequest for its progress (upload-file.ts).
 */
const uploadsApi = uploadsGeneratedApi.enhanceEndpoints({
  endpoints: {
    getConfirmDrawDetails: { invalidatesTags: [] },
    processAdvancedUpload: { invalidatesTags: [] },
    uploadEntriesFile: { invalidatesTags: [] },
  },
});

export const { useSubmitDrawMutation, useSaveIncompleteDrawMutation, useLazyGetIncompleteDrawQuery } = drawsApi;
export const { useGetConfirmDrawDetailsMutation, useProcessAdvancedUploadMutation } = uploadsApi;

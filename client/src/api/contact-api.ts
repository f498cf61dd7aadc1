import { contactGeneratedApi } from './generated/contact';

export type { CreateHelpContactRequestDto } from './generated/contact';

/** A contact message changes nothing any page shows: it invalidates no cached data. */
const contactApi = contactGeneratedApi.enhanceEndpoints({
  endpoints: { createHelpContact: { invalidatesTags: [] } },
});

export const { useCreateHelpContactMutation } = contactApi;

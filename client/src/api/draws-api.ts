import { drawGeneratedApi } from './generated/draw';

export type { DrawListItemDto, DrawResponseDto, PrizeDto, ScrutineerDto, WinnerDto } from './generated/draw';

type DrawId = { id: string };

/**
 * One draw is cached as 'Draw' by id, the draw list as 'Draws'. Every action on a draw changes both the draw and
 * the list it sits in, so it refetches both, whatever the answer: an action whose answer was lost (or that was
 * refused because the draw moved on meanwhile) must still leave the page showing the draw as it now is. Cancelling
 * refunds a spent credit, and linking a visitor's draw makes an account, so those also refetch 'Account' (the tag
 * of account-api.ts, the user's remainingCredits). A scrutineer saved here becomes one of the owner's prefills.
 * The generated file tags every endpoint 'draw', so a lookup would refetch every draw on the page: these rules
 * replace all of them.
 */
export const drawsApi = drawGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Draw', 'Draws', 'Account', 'ScrutineerPrefills'],
  endpoints: {
    getDraw: { providesTags: (_result, _error, arg) => [{ type: 'Draw', id: arg.id }] },
    getDraws: { providesTags: ['Draws'] },
    getScrutineerPrefills: { providesTags: ['ScrutineerPrefills'] },
    cancelDraw: { invalidatesTags: (_r, _e, arg) => drawAndList(arg.drawActionRequestDto).concat('Account') },
    rescheduleDraw: { invalidatesTags: (_r, _e, arg) => drawAndList(arg.rescheduleRequestDto) },
    saveScrutineer: { invalidatesTags: (_r, _e, arg) => [...drawAndList({ id: arg.saveScrutineerRequestDto.drawId }), 'ScrutineerPrefills'] },
    createAccountAndLinkDraw: { invalidatesTags: (_r, _e, arg) => [...drawAndList({ id: arg.createAccountAndLinkDrawRequestDto.drawId }), 'Account'] },
    // A lookup only finds an id; the wizard's calls make or save draws the list shows.
    lookupDraw: { invalidatesTags: [] },
    submitDraw: { invalidatesTags: ['Draws', 'Account'] },
    saveIncompleteDraw: { invalidatesTags: ['Draws'] },
    getIncompleteDraw: { providesTags: [] },
  },
});

function drawAndList({ id }: DrawId): ('Draws' | 'Account' | { type: 'Draw'; id: string })[] {
  return [{ type: 'Draw', id }, 'Draws'];
}

export const {
  useGetDrawQuery,
  useGetDrawsQuery,
  useCancelDrawMutation,
  useRescheduleDrawMutation,
  useSaveScrutineerMutation,
  useGetScrutineerPrefillsQuery,
  useLookupDrawMutation,
  useCreateAccountAndLinkDrawMutation,
} = drawsApi;

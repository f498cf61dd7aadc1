import { detailNotices, isDrawErrorState, listNotice, wantsDrawError } from './draw-notices';

const notices = (query: string) => detailNotices(new URLSearchParams(query)).map((notice) => notice.message);

describe('draw notices', () => {
  it('has one short message for each query of the detail route', () => {
    for (const name of ['success', 'prepurchase', 'account', 'rescheduled', 'published', 'unpublished', 'entrycheck', 'eccancel', 'drawn']) {
      expect(notices(`${name}=true`)).toHaveLength(1);
    }
    expect(notices('')).toEqual([]);
    expect(notices('success=false')).toEqual([]);
  });

  it('tells a reschedule from a draw now', () => {
    expect(notices('rescheduled=true')).toEqual(['The draw has been rescheduled.']);
    expect(notices('rescheduled=now')).toEqual(['The draw has been drawn.']);
    expect(notices('rescheduled=now&drawn=true')).toEqual(['The draw has been drawn.']);
  });

  it('announces a cancelled draw on the list and recognises the error query', () => {
    expect(listNotice(new URLSearchParams('cancelled=true'))?.message).toMatch(/^The draw has been cancelled\./);
    expect(listNotice(new URLSearchParams(''))).toBeNull();
    expect(wantsDrawError(new URLSearchParams('draw_error=true'))).toBe(true);
    expect(wantsDrawError(new URLSearchParams('draw_error=false'))).toBe(false);
  });

  it('checks the state handed to the list', () => {
    expect(isDrawErrorState({ drawError: { name: 'A', displayId: 'B', errorMessage: null } })).toBe(true);
    expect(isDrawErrorState({ drawError: { name: 'A' } })).toBe(false);
    expect(isDrawErrorState(null)).toBe(false);
  });
});

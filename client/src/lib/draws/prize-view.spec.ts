import { formatCount, prizeSummary, prizesInOrder, shownWinners, visibleColumns, WINNER_RENDER_CAP } from './prize-view';

describe('prize view', () => {
  const winners = Array.from({ length: 12 }, (_, i) => i + 1);

  it('shows 5 winners until expanded', () => {
    expect(shownWinners(winners, false)).toEqual({ shown: [1, 2, 3, 4, 5], hidden: 7 });
    expect(shownWinners(winners, true)).toEqual({ shown: winners, hidden: 0 });
    expect(shownWinners([1, 2], false)).toEqual({ shown: [1, 2], hidden: 0 });
  });

  it('never renders more than the cap at once', () => {
    const many = Array.from({ length: WINNER_RENDER_CAP + 10 }, (_, i) => i);
    expect(shownWinners(many, true).hidden).toBe(10);
  });

  it('shows a winner’s fields only when the server sent them and screen sharing does not hide them', () => {
    expect(visibleColumns({ entryNumber: 1, columns: null }, false)).toEqual([]);
    expect(visibleColumns({ entryNumber: 1, columns: ['Jo', ' ', 'jo@example.com'] }, false)).toEqual(['Jo', 'jo@example.com']);
    expect(visibleColumns({ entryNumber: 1, columns: ['Jo'] }, true)).toEqual([]);
  });

  it('numbers prizes and may reverse them', () => {
    expect(prizesInOrder(['a', 'b'], false)).toEqual([
      { prize: 'a', number: 1 },
      { prize: 'b', number: 2 },
    ]);
    expect(prizesInOrder(['a', 'b'], true)).toEqual([
      { prize: 'b', number: 2 },
      { prize: 'a', number: 1 },
    ]);
  });

  it('summarises a prize', () => {
    expect(prizeSummary(1, 0)).toBe('1 winner');
    expect(prizeSummary(3, 1)).toBe('3 winners, 1 reserve');
    expect(prizeSummary(2000, 2, (n) => formatCount(n, 'en-US'))).toBe('2,000 winners, 2 reserves');
  });
});

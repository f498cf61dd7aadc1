import { defaultListConfig, directionLabels, filtersFor, isFiltered, listArgs, pageCount, parseListConfig, serializeListConfig } from './list-config';

describe('draw list configuration', () => {
  it('defaults to web and API draws of every status but draft, latest draw time first, 25 a page', () => {
    expect(defaultListConfig()).toEqual({
      showWeb: true,
      showApi: true,
      showTest: false,
      statuses: ['scheduled', 'drawn', 'cancelled', 'error'],
      sortField: 'RelevantDate',
      descending: true,
      count: 25,
    });
  });

  it('round-trips through the cookie text', () => {
    const config = { ...defaultListConfig(), showTest: true, statuses: ['drawn' as const], sortField: 'Name' as const, descending: false, count: 100 as const };
    expect(parseListConfig(serializeListConfig(config))).toEqual(config);
  });

  it('falls back field by field for a damaged cookie', () => {
    expect(parseListConfig(undefined)).toEqual(defaultListConfig());
    expect(parseListConfig('{oops')).toEqual(defaultListConfig());
    expect(parseListConfig('[1,2]')).toEqual(defaultListConfig());
    const parsed = parseListConfig(JSON.stringify({ showWeb: false, statuses: ['drawn', 'nope'], sortField: 'Colour', count: 15, descending: 'no' }));
    expect(parsed).toEqual({ ...defaultListConfig(), showWeb: false });
  });

  it('keeps statuses in the filters’ order without duplicates', () => {
    expect(parseListConfig(JSON.stringify({ statuses: ['error', 'drawn', 'drawn'] })).statuses).toEqual(['drawn', 'error']);
  });

  it('offers the api and test sources and the draft status to API customers only', () => {
    expect(filtersFor(false)).toEqual({ sources: ['showWeb'], statuses: ['scheduled', 'drawn', 'cancelled', 'error'] });
    expect(filtersFor(true)).toEqual({ sources: ['showWeb', 'showApi', 'showTest'], statuses: ['draft', 'scheduled', 'drawn', 'cancelled', 'error'] });
  });

  it('builds the getAll arguments, leaving out what the account may not filter on', () => {
    const config = { ...defaultListConfig(), showTest: true, statuses: ['draft' as const, 'drawn' as const] };
    expect(listArgs(config, { page: 2, apiAccess: false }).args).toEqual({
      page: 2,
      count: 25,
      sortField: 'RelevantDate',
      descending: true,
      showWeb: true,
      showApi: false,
      showTest: false,
      statuses: 'drawn',
    });
    expect(listArgs(config, { page: 1, apiAccess: true, userId: 'u' }).args).toMatchObject({ showApi: true, showTest: true, statuses: 'draft,drawn', userId: 'u' });
  });

  it('asks nothing when no source or no status is chosen', () => {
    expect(listArgs({ ...defaultListConfig(), showWeb: false }, { page: 1, apiAccess: false })).toEqual({ args: null, nothingChosen: 'source' });
    expect(listArgs({ ...defaultListConfig(), statuses: ['draft'] }, { page: 1, apiAccess: false })).toEqual({ args: null, nothingChosen: 'status' });
  });

  it('knows when filters hide what the defaults show', () => {
    expect(isFiltered(defaultListConfig(), false)).toBe(false);
    expect(isFiltered({ ...defaultListConfig(), statuses: ['drawn'] }, false)).toBe(true);
    // API draws are not a filter for a customer without API access.
    expect(isFiltered({ ...defaultListConfig(), showApi: false }, false)).toBe(false);
    expect(isFiltered({ ...defaultListConfig(), showApi: false }, true)).toBe(true);
    expect(isFiltered({ ...defaultListConfig(), sortField: 'Name', count: 10 }, true)).toBe(false);
  });

  it('counts pages and labels directions', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(directionLabels('RelevantDate')).toEqual({ descending: 'Latest first', ascending: 'Earliest first' });
    expect(directionLabels('Name')).toEqual({ descending: 'Z to A', ascending: 'A to Z' });
  });
});

import { isSafeLocalPath, paramsAreValid, pathFor, prefixedPaths, reportedPath, ROUTES, RouteError, titleFor, validateRouteTable } from './routes';

describe('route table', () => {
  it('lists every screen of both spec parts with its module', () => {
    expect(ROUTES.draws).toMatchObject({ path: '/draws/', module: 'private' });
    expect(ROUTES.accountEdit.module).toBe('private');
    expect(ROUTES.buyCredits.module).toBe('private');
    expect(ROUTES.drawDetail).toMatchObject({ path: '/draws/detail/:id/', module: 'public' });
    expect(ROUTES.randomNumberGenerator.query).toEqual(['count', 'lower', 'upper', 'unique', 'group', 'sort', 'dir']);
    expect(ROUTES.api.path).toBe('/api/');
  });

  it('rejects a path parameter without a declared type, and a declared parameter missing from the path', () => {
    expect(() => validateRouteTable({ x: { path: '/x/:id/', module: 'public', title: 'X', description: '' } })).toThrow(RouteError);
    expect(() => validateRouteTable({ x: { path: '/x/', module: 'public', title: 'X', params: { id: 'drawId' }, description: '' } })).toThrow(/not in \/x\//);
    expect(() => validateRouteTable({ x: { path: '/x', module: 'public', title: 'X', description: '' } })).toThrow(/must start and end with \//);
  });

  it("reports a page to analytics without a reset link's token, any other page as it is", () => {
    const token = 'Zm9vYmFyLXJlc2V0LXRva2VuLTEyMzQ1Njc4';
    expect(reportedPath(ROUTES.resetPassword, `/account/resetpassword/${token}/`)).toBe('/account/resetpassword/:token/');
    expect(reportedPath(ROUTES.resetPassword, `/uk/account/resetpassword/${token}/`)).toBe('/uk/account/resetpassword/:token/');
    expect(reportedPath(ROUTES.drawDetail, '/au/draws/detail/0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d/')).toBe('/au/draws/detail/0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d/');
  });

  it('checks parameter values against their type', () => {
    expect(paramsAreValid(ROUTES.drawDetail, { id: '0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d' })).toBe(true);
    expect(paramsAreValid(ROUTES.drawDetail, { id: '0b5e3c1e' })).toBe(false);
    expect(paramsAreValid(ROUTES.certificate, { shortCode: 'ABCDEw' })).toBe(true);
    expect(paramsAreValid(ROUTES.certificate, { shortCode: 'ABCDEq' })).toBe(false);
  });

  it('builds links with the country prefix, query and hash, refusing unknown names', () => {
    expect(pathFor('faqs', { country: 'au' })).toBe('/au/faqs/');
    expect(pathFor('login', { query: { ReturnUrl: '/draws/?x=1' } })).toBe('/account/login/?ReturnUrl=%2Fdraws%2F%3Fx%3D1');
    expect(pathFor('home', { hash: 'pricing' })).toBe('/#pricing');
    expect(() => pathFor('faqs', { query: { nope: 1 } })).toThrow(/no query parameter nope/);
    expect(() => pathFor('drawDetail', { params: { id: 'bad' } })).toThrow(/invalid parameters/);
    expect(() => pathFor('faqs', { params: { id: 'x' } })).toThrow(/has no parameter id/);
  });

  it('ends every title with the site name and uses country wording where the spec asks for it', () => {
    expect(titleFor(ROUTES.faqs, 'au')).toBe('FAQs for Australian Trade Promotions | FairDraw™');
    expect(titleFor(ROUTES.faqs, 'us')).toBe('Frequently Asked Questions | FairDraw™');
    expect(titleFor(ROUTES.lookup, 'uk')).toBe('Look up a draw | FairDraw™');
  });

  it('registers every route bare and under each country prefix', () => {
    expect(prefixedPaths(ROUTES.lookup)).toEqual(['/lookup/', '/us/lookup/', '/au/lookup/', '/ca/lookup/', '/nz/lookup/', '/uk/lookup/']);
  });

  it('accepts only local paths as a ReturnUrl', () => {
    expect(isSafeLocalPath('/draws/')).toBe(true);
    expect(isSafeLocalPath('//evil.example/')).toBe(false);
    expect(isSafeLocalPath('/\\evil.example')).toBe(false);
    expect(isSafeLocalPath('/\t/evil.example')).toBe(false);
    expect(isSafeLocalPath('/draws/?q=a b')).toBe(false);
    expect(isSafeLocalPath('https://evil.example/')).toBe(false);
    expect(isSafeLocalPath('')).toBe(false);
  });
});

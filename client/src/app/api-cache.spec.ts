import { apiCacheRestored } from '../api/empty-api';
import { certificateApi, type CertificateResponseDto } from '../api/certificate-api';
import { createStore } from './store';

describe('the API cache of a page rendered on the server', () => {
  const certificate = { shortCode: 'ABCDE', name: 'Spring giveaway', prizes: [{ winners: [7, 3] }] } as unknown as CertificateResponseDto;
  // The key the certificate page's useGetCertificateQuery({ shortCode }) reads.
  const key = 'getCertificate({"shortCode":"ABCDE"})';

  it('reaches the browser store through JSON as the fulfilled query the first render reads, with nothing else', () => {
    const server = createStore();
    server.dispatch(certificateApi.util.upsertQueryEntries([{ endpointName: 'getCertificate', arg: { shortCode: 'ABCDE' }, value: certificate }]));
    const embedded = JSON.parse(JSON.stringify({ api: server.getState().api })) as Record<string, unknown>;

    const browser = createStore();
    browser.dispatch(apiCacheRestored(embedded));
    expect(Object.keys(browser.getState().api.queries)).toEqual([key]);
    expect(browser.getState().api.queries[key]).toMatchObject({ status: 'fulfilled', data: certificate, endpointName: 'getCertificate' });
  });

  it('leaves the store as it was when the embedded cache holds no API slice', () => {
    const browser = createStore();
    browser.dispatch(apiCacheRestored({}));
    expect(browser.getState().api.queries).toEqual({});
  });
});

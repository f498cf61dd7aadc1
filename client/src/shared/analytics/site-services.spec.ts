import { chatAllowedOn } from './site-services';

describe('chatAllowedOn', () => {
  it.each(['/', '/about/', '/au/faqs/', '/draws/', '/uk/'])('lets the chat widget load on %s', (path) => {
    expect(chatAllowedOn(path)).toBe(true);
  });

  it.each(['/cert/ABCDE/', '/cert/ABCDEx/', '/au/cert/ABCDE/', '/admin/', '/admin/customers/', '/uk/admin/'])('never loads it on %s', (path) => {
    expect(chatAllowedOn(path)).toBe(false);
  });
});

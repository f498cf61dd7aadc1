import { scrutineerText } from '../src/index.js';

describe("a certificate's scrutineer line", () => {
  it('names the scrutineer with their qualification, and says when they were named after the draw', () => {
    expect(scrutineerText({ name: 'Sam Lee', qualification: 'Solicitor', namedAfterDraw: false })).toBe('Sam Lee, Solicitor');
    expect(scrutineerText({ name: 'Sam Lee', qualification: null, namedAfterDraw: false })).toBe('Sam Lee');
    expect(scrutineerText({ name: 'Sam Lee', qualification: 'JP', namedAfterDraw: true })).toBe('Sam Lee, JP (named after the draw)');
  });
});

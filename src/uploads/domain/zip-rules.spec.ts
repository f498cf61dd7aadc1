import { roleOfZipEntry } from './zip-rules.js';

describe('zip rules', () => {
  it('ignores folders and system files in zips', () => {
    expect(roleOfZipEntry('data/')).toBe('folder');
    expect(roleOfZipEntry('__MACOSX/data/._entries.csv')).toBe('ignored');
    expect(roleOfZipEntry('.DS_Store')).toBe('ignored');
    expect(roleOfZipEntry('data/Entries.CSV')).toBe('entries');
    expect(roleOfZipEntry('book.xlsx')).toBe('excel');
    expect(roleOfZipEntry('readme.pdf')).toBe('other');
  });
});

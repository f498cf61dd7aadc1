import { baseNameOf, extensionOf, invalidTypeMessage, isUploadExtension, signatureOf, UploadMessages } from '../src/upload-rules.js';

describe('upload rules', () => {
  it('takes the extension from the last path segment, in lower case', () => {
    expect(extensionOf('Entries.CSV')).toBe('csv');
    expect(extensionOf('C:\\Users\\ann\\list.final.tsv')).toBe('tsv');
    expect(extensionOf('noextension')).toBe('');
    expect(extensionOf('.csv')).toBe('');
    expect(baseNameOf('../../etc/passwd\u0000.csv')).toBe('passwd.csv');
  });

  it('accepts txt, csv, tsv and zip only', () => {
    expect(['txt', 'csv', 'tsv', 'zip'].every(isUploadExtension)).toBe(true);
    expect(['xls', 'xlsx', 'pdf', '', 'gz'].some(isUploadExtension)).toBe(false);
  });

  it("gives Excel files the spec's message with a hint to save as CSV", () => {
    expect(invalidTypeMessage('pdf')).toBe('Invalid file type. Only txt, csv, tsv or zip files are allowed.');
    expect(invalidTypeMessage('xlsx')).toBe('Invalid file type. Only txt, csv, tsv or zip files are allowed. Please save your Excel file as CSV.');
    expect(invalidTypeMessage('xls')).toContain(UploadMessages.excelHint);
    expect(invalidTypeMessage('csv', true)).toContain(UploadMessages.excelHint);
    expect(UploadMessages.tooLarge(300)).toBe('Invalid file size. The maximum file size is 300MB.');
  });

  it('tells zip and Office files from text by their first bytes', () => {
    expect(signatureOf(Uint8Array.of(0x50, 0x4b, 3, 4, 0))).toBe('zip');
    expect(signatureOf(Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('ole2');
    expect(signatureOf(Uint8Array.of(0x61, 0, 0x62))).toBe('binary');
    expect(signatureOf(Uint8Array.of(0xff, 0xfe, 0x61, 0))).toBe('text');
    expect(signatureOf(new TextEncoder().encode('a,b\n'))).toBe('text');
  });
});

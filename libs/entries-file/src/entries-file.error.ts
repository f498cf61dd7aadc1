/** The entries file cannot become engine rows; the message says why, in words for the file's owner. */
export class EntriesFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EntriesFileError';
  }
}

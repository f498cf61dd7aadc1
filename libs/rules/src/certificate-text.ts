/** A draw's scrutineer as its certificate shows them (the PDF and the certificate page). */
export interface CertificateScrutineer {
  name: string;
  qualification: string | null;
  /** Named, or renamed, once the draw was made: they cannot have overseen it. */
  namedAfterDraw: boolean;
}

/**
 * 'Sam Lee, Solicitor', with '(named after the draw)' when so: a promoter could otherwise lend a finished draw the
 * oversight of someone who never saw it.
 */
export function scrutineerText(scrutineer: CertificateScrutineer): string {
  const named = scrutineer.qualification ? `${scrutineer.name}, ${scrutineer.qualification}` : scrutineer.name;
  return scrutineer.namedAfterDraw ? `${named} (named after the draw)` : named;
}

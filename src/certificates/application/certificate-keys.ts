/** Where the certificates module keeps its files behind the storage port. */
export function certificateKeys(drawId: string) {
  return {
    entriesStats: `certificates/${drawId}/entries-stats.json`,
    pdf: (kind: 'certificate' | 'certificatewinners', fingerprint: string) => `certificates/${drawId}/${kind}-${fingerprint}.pdf`,
    /** A branding image as saved before stop 41: one key per slot and type, overwritten by each save. */
    legacyImage: (slot: string, extension: string) => `branding/${drawId}/${slot}.${extension}`,
    /** A branding image as saved since: its own key, written once before the row naming it commits. */
    savedImage: (slot: string, extension: string, id: string) => `branding/${drawId}/${slot}-${id}.${extension}`,
  };
}

export function brandingUploadKey(serverFileName: string): string {
  return `branding-uploads/${serverFileName}`;
}

/** The prefix of every draw's branding images; the draw's id is the segment after it. */
export const BRANDING_IMAGES_PREFIX = 'branding/';

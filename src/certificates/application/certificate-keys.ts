/** Where the certificates module keeps its files behind the storage port. */
export function certificateKeys(drawId: string) {
  return {
    entriesStats: `certificates/${drawId}/entries-stats.json`,
    pdf: (kind: 'certificate' | 'certificatewinners', fingerprint: string) => `certificates/${drawId}/${kind}-${fingerprint}.pdf`,
    image: (slot: string, extension: string) => `branding/${drawId}/${slot}.${extension}`,
  };
}

export function brandingUploadKey(serverFileName: string): string {
  return `branding-uploads/${serverFileName}`;
}

import { QUICKNET_INFO } from './beacon-chains.js';

/** What a certificate's statement names of its beacon. */
export interface StatedBeacon {
  chainHash: string;
  round: number;
  independent: boolean;
}

/**
 * The certificate's one plain sentence on who could know the winners in advance (page and PDF alike). The service's
 * own beacon is said to be the service's own: such a draw does not rule FairDraw out.
 */
export function beaconStatement(beacon: StatedBeacon, roundTimeText: string): string {
  if (!beacon.independent) {
    return (
      `The winners depend on a seed FairDraw committed to when the draw was made and on round ${beacon.round} of FairDraw's own beacon (${roundTimeText}); ` +
      'that beacon is run by FairDraw itself, not an independent one, so this draw does not rule out that FairDraw could know the winners in advance.'
    );
  }
  return (
    `Neither the promoter nor FairDraw could know or choose the winners before ${roundTimeText}: they depend on a seed committed to when the draw was made ` +
    `and on ${beacon.chainHash === QUICKNET_INFO.hash ? 'drand quicknet' : 'drand'} round ${beacon.round}, which nobody could know before that time.`
  );
}

/** The beacon's name as a certificate states it. */
export function beaconName(beacon: Pick<StatedBeacon, 'independent' | 'chainHash'>): string {
  if (!beacon.independent) return "FairDraw's own beacon (not independent)";
  return beacon.chainHash === QUICKNET_INFO.hash ? 'drand quicknet (League of Entropy)' : 'drand';
}

import { Inject, Injectable } from '@nestjs/common';
import { type BeaconDescriptor, DRAND_BEACON, LOCAL_BEACON, RANDOM_BEACON, type LocalRandomBeacon, type RandomBeacon, type VerifiedRound } from './beacon.port.js';

/** New draws take the configured beacon; a draw's round is always had from the kind of chain the draw recorded. */
@Injectable()
export class BeaconService {
  constructor(
    @Inject(RANDOM_BEACON) private readonly configured: RandomBeacon,
    @Inject(DRAND_BEACON) private readonly drand: RandomBeacon,
    @Inject(LOCAL_BEACON) private readonly local: LocalRandomBeacon,
  ) {}

  chainForNewDraws(): Promise<BeaconDescriptor> {
    return this.configured.chain();
  }

  round(chain: BeaconDescriptor, round: number): Promise<VerifiedRound> {
    return (chain.independent ? this.drand : this.local).round(chain, round);
  }
}

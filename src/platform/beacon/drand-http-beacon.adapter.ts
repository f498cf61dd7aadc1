import { BEACON_SCHEME, chainHashOf, chainOf, type DrandChainInfo, QUICKNET_INFO } from '#rng';
import { BeaconUnavailableError, type BeaconDescriptor, type RandomBeacon, type VerifiedRound } from './beacon.port.js';
import { roundRefusal, verifiedRound } from './verify-round.js';

const RELAY_TIMEOUT_MS = 3_000;

/**
 * drand over HTTP: relays tried in order. Chain info is accepted only when it hashes to the configured chain hash
 * (quicknet's is built in, checked the same way), and a round only once its signature verifies against the key of
 * the chain the draw recorded: a relay can withhold a round, never forge one.
 */
export class DrandHttpBeacon implements RandomBeacon {
  private info?: Promise<DrandChainInfo>;

  constructor(
    private readonly relays: string[],
    private readonly chainHash: string,
  ) {}

  async chain(): Promise<BeaconDescriptor> {
    return { ...chainOf(await this.chainInfo()), independent: true };
  }

  async round(chain: BeaconDescriptor, round: number): Promise<VerifiedRound> {
    const problems: string[] = [];
    for (const relay of this.relays) {
      try {
        const served = await this.get(relay, `${chain.chainHash}/public/${round}`);
        const refusal = roundRefusal(chain, round, served);
        if (!refusal) return verifiedRound(served);
        problems.push(`${relay}: ${refusal}`);
      } catch (error) {
        problems.push(`${relay}: ${(error as Error).message}`);
      }
    }
    throw new BeaconUnavailableError(`drand round ${round} of chain ${chain.chainHash} could not be had: ${problems.join('; ')}`);
  }

  private chainInfo(): Promise<DrandChainInfo> {
    // quicknet's info is built in (libs/rng's tests check it hashes to its chain hash): no fetch before a draw can be made.
    if (this.chainHash === QUICKNET_INFO.hash) return Promise.resolve(QUICKNET_INFO);
    // A failed fetch is not kept: the next draw asks again.
    this.info ??= this.fetchChainInfo().catch((error: unknown) => {
      this.info = undefined;
      throw error;
    });
    return this.info;
  }

  private async fetchChainInfo(): Promise<DrandChainInfo> {
    const problems: string[] = [];
    for (const relay of this.relays) {
      try {
        const info = (await this.get(relay, `${this.chainHash}/info`)) as DrandChainInfo;
        if (info.schemeID !== BEACON_SCHEME) problems.push(`${relay}: the chain's scheme is ${String(info.schemeID)}, not ${BEACON_SCHEME}`);
        else if (info.hash !== this.chainHash || chainHashOf(info) !== this.chainHash) problems.push(`${relay}: the chain info does not hash to ${this.chainHash}`);
        else return info;
      } catch (error) {
        problems.push(`${relay}: ${(error as Error).message}`);
      }
    }
    throw new BeaconUnavailableError(`The info of drand chain ${this.chainHash} could not be had: ${problems.join('; ')}`);
  }

  private async get(relay: string, path: string): Promise<unknown> {
    const response = await fetch(`${relay.replace(/\/+$/, '')}/${path}`, { signal: AbortSignal.timeout(RELAY_TIMEOUT_MS), headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as unknown;
  }
}

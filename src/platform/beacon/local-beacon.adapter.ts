import { BEACON_SCHEME, beaconKeyPair, chainHashOf, type DrandChainInfo, type DrandRound, roundTime, signRound } from '#rng';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Clock } from '../clock/clock.js';
import { BeaconUnavailableError, type BeaconDescriptor, type LocalRandomBeacon, type VerifiedRound } from './beacon.port.js';
import { roundRefusal, verifiedRound } from './verify-round.js';

interface KeyRow {
  secret_key: string;
  public_key: string;
  genesis_time: string;
  period: number;
}

/**
 * The service's own beacon, for machines without internet: a BLS key pair of drand's scheme made at first start and
 * kept in the database (every process signs with the same key), a round signed only once its time has come. Not
 * independent of FairDraw, and every certificate of a draw that used it says so.
 */
export class LocalBeacon implements LocalRandomBeacon {
  private key?: Promise<{ secretKey: string; info: DrandChainInfo }>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly period: number,
  ) {}

  async chain(): Promise<BeaconDescriptor> {
    const { info } = await this.loadKey();
    return { chainHash: info.hash, publicKey: info.public_key, genesisTime: info.genesis_time, period: info.period, scheme: info.schemeID, independent: false };
  }

  async info(): Promise<DrandChainInfo> {
    return (await this.loadKey()).info;
  }

  async published(round: number): Promise<DrandRound | null> {
    const { secretKey, info } = await this.loadKey();
    if (!Number.isSafeInteger(round) || round < 1) return null;
    if (roundTime({ genesisTime: info.genesis_time, period: info.period }, round) * 1000 > this.clock.now().getTime()) return null;
    return signRound(secretKey, round);
  }

  async latest(): Promise<DrandRound> {
    const { secretKey, info } = await this.loadKey();
    const sinceGenesis = this.clock.now().getTime() - info.genesis_time * 1000;
    return signRound(secretKey, Math.max(1, Math.floor(sinceGenesis / (info.period * 1000)) + 1));
  }

  async round(chain: BeaconDescriptor, round: number): Promise<VerifiedRound> {
    const served = await this.published(round);
    if (!served) throw new BeaconUnavailableError(`Round ${round} of the service's own beacon is not due yet`);
    const refusal = roundRefusal(chain, round, served);
    if (refusal) throw new BeaconUnavailableError(`Round ${round} of the service's own beacon is refused: ${refusal}`);
    return verifiedRound(served);
  }

  private loadKey(): Promise<{ secretKey: string; info: DrandChainInfo }> {
    this.key ??= this.readOrMakeKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async readOrMakeKey(): Promise<{ secretKey: string; info: DrandChainInfo }> {
    const made = beaconKeyPair();
    // Several processes may start at once: the first key stored is everyone's.
    await this.dataSource.query('INSERT INTO local_beacon (id, secret_key, public_key, genesis_time, period) VALUES (1, $1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
      made.secretKey,
      made.publicKey,
      Math.floor(this.clock.now().getTime() / 1000),
      this.period,
    ]);
    const [row] = (await this.dataSource.query('SELECT secret_key, public_key, genesis_time, period FROM local_beacon WHERE id = 1')) as KeyRow[];
    const withoutHash = {
      public_key: row.public_key,
      period: row.period,
      genesis_time: Number(row.genesis_time),
      groupHash: createHash('sha256').update(Buffer.from(row.public_key, 'hex')).digest('hex'),
      schemeID: BEACON_SCHEME,
      metadata: { beaconID: 'fairdraw-local' },
    };
    return { secretKey: row.secret_key, info: { ...withoutHash, hash: chainHashOf(withoutHash) } };
  }
}

import { Controller, Get, Header, Inject, NotFoundException, Param } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DrandChainInfo, DrandRound } from '#rng';
import type { Environment } from '../../config/environment.js';
import { LOCAL_BEACON, type LocalRandomBeacon } from './beacon.port.js';
import { BeaconChainInfoDto, BeaconRoundDto } from './beacon.dto.js';
import { beaconKind } from './beacon-kind.js';

const NOT_LOCAL = "This service draws with drand's public beacon; it runs no beacon of its own.";

/**
 * The service's own beacon, public in drand's HTTP shapes (`/api/beacon` works as a drand relay URL), so anyone can
 * verify the rounds a draw used. Answered only where that beacon is in use.
 */
@ApiTags('beacon')
@Controller('api/beacon')
export class BeaconController {
  constructor(
    @Inject(LOCAL_BEACON) private readonly local: LocalRandomBeacon,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  @Get('info')
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOperation({ operationId: 'getBeaconInfo', summary: "The service's own beacon chain (drand's /info shape): public key, genesis time, period, scheme and chain hash" })
  @ApiOkResponse({ type: BeaconChainInfoDto })
  @ApiNotFoundResponse({ description: 'The service uses drand, not a beacon of its own.' })
  info(): Promise<DrandChainInfo> {
    return this.chainInfo();
  }

  @Get(':chainHash/info')
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOperation({ operationId: 'getBeaconChainInfo', summary: "The service's own beacon chain by its hash (drand's /{chainHash}/info)" })
  @ApiOkResponse({ type: BeaconChainInfoDto })
  @ApiNotFoundResponse({ description: 'No such chain here.' })
  async chainInfoByHash(@Param('chainHash') chainHash: string): Promise<DrandChainInfo> {
    const info = await this.chainInfo();
    if (chainHash !== info.hash) throw new NotFoundException({ message: 'No such beacon chain here.' });
    return info;
  }

  @Get(':chainHash/public/latest')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ operationId: 'getBeaconLatestRound', summary: "The latest round of the service's own beacon (drand's /public/latest)" })
  @ApiOkResponse({ type: BeaconRoundDto })
  @ApiNotFoundResponse({ description: 'No such chain here.' })
  async latest(@Param('chainHash') chainHash: string): Promise<DrandRound> {
    await this.chainInfoByHash(chainHash);
    return this.local.latest();
  }

  @Get(':chainHash/public/:round')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @ApiOperation({ operationId: 'getBeaconRound', summary: "A round of the service's own beacon (drand's /public/{round}): its signature and randomness, once its time has come" })
  @ApiOkResponse({ type: BeaconRoundDto })
  @ApiNotFoundResponse({ description: 'No such chain here, or the round is not due yet.' })
  async round(@Param('chainHash') chainHash: string, @Param('round') round: string): Promise<DrandRound> {
    await this.chainInfoByHash(chainHash);
    const number = /^[1-9][0-9]{0,15}$/.test(round) ? Number(round) : NaN;
    if (!Number.isSafeInteger(number)) throw new NotFoundException({ message: 'No such round.' });
    const served = await this.local.published(number);
    if (!served) throw new NotFoundException({ message: "This round's time has not come yet." });
    return served;
  }

  private async chainInfo(): Promise<DrandChainInfo> {
    if (beaconKind(this.config) !== 'local') throw new NotFoundException({ message: NOT_LOCAL });
    return this.local.info();
  }
}

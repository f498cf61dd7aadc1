import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Environment } from '../../config/environment.js';
import { CLOCK, type Clock } from '../clock/clock.js';
import { DRAND_BEACON, LOCAL_BEACON, RANDOM_BEACON, type RandomBeacon } from './beacon.port.js';
import { beaconKind } from './beacon-kind.js';
import { BeaconController } from './beacon.controller.js';
import { BeaconService } from './beacon.service.js';
import { DrandHttpBeacon } from './drand-http-beacon.adapter.js';
import { LocalBeacon } from './local-beacon.adapter.js';

/** drand in production unless the operator sets BEACON=local; the service's own beacon elsewhere (machines without internet). */
@Module({
  controllers: [BeaconController],
  providers: [
    {
      provide: DRAND_BEACON,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        new DrandHttpBeacon(
          config
            .get('DRAND_URLS', { infer: true })
            .split(',')
            .map((url) => url.trim())
            .filter(Boolean),
          config.get('DRAND_CHAIN_HASH', { infer: true }),
        ),
    },
    {
      provide: LOCAL_BEACON,
      inject: [getDataSourceToken(), CLOCK, ConfigService],
      useFactory: (dataSource: DataSource, clock: Clock, config: ConfigService<Environment, true>) => new LocalBeacon(dataSource, clock, config.get('LOCAL_BEACON_PERIOD_SECONDS', { infer: true })),
    },
    {
      provide: RANDOM_BEACON,
      inject: [ConfigService, DRAND_BEACON, LOCAL_BEACON],
      useFactory: (config: ConfigService<Environment, true>, drand: RandomBeacon, local: RandomBeacon) => (beaconKind(config) === 'local' ? local : drand),
    },
    BeaconService,
  ],
  exports: [BeaconService],
})
export class BeaconModule {}

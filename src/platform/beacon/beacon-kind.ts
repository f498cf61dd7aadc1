import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';

/** Which beacon new draws use: BEACON when set, else drand in production and the service's own beacon elsewhere. */
export function beaconKind(config: ConfigService<Environment, true>): 'drand' | 'local' {
  return config.get('BEACON', { infer: true }) ?? (config.get('NODE_ENV', { infer: true }) === 'production' ? 'drand' : 'local');
}

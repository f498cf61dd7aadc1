import type { RngFile } from '../domain/rng-file.js';
import type { RngDirection, RngMode, RngOrdering } from '#rules';
import { RngFileOrmEntity } from './rng-file.orm-entity.js';

export class RngFileMapper {
  static toDomain(row: RngFileOrmEntity): RngFile {
    return {
      id: row.id,
      request: {
        mode: row.mode as RngMode,
        lower: BigInt(row.lowerLimit),
        upper: BigInt(row.upperLimit),
        count: row.count,
        ordering: row.ordering as RngOrdering,
        direction: row.direction as RngDirection,
        grouping: row.grouping,
        unique: row.uniqueValues,
        seed: row.seed,
      },
      algorithm: row.algorithm,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    };
  }

  static toRow(file: RngFile): RngFileOrmEntity {
    const row = new RngFileOrmEntity();
    row.id = file.id;
    row.mode = file.request.mode;
    row.lowerLimit = file.request.lower.toString();
    row.upperLimit = file.request.upper.toString();
    row.count = file.request.count;
    row.ordering = file.request.ordering;
    row.direction = file.request.direction;
    row.grouping = file.request.grouping;
    row.uniqueValues = file.request.unique;
    row.seed = file.request.seed;
    row.algorithm = file.algorithm;
    row.createdAt = file.createdAt;
    row.expiresAt = file.expiresAt;
    return row;
  }
}

import { type DrawLogEntry, resultsSha256, termsSha256 } from '#transparency-log';
import type { Draw, DrawEntries, PrizeSpec } from './draw.js';

/** What the log records of a draw's terms: digests and ids only, never a name or an entrant's data. */
export function committedEntry(
  draw: { id: string; shortCode: string; seedHash: string; scheduleDate: Date; entries: DrawEntries; prizes: PrizeSpec[]; beacon: { chainHash: string } | null; beaconRound: number | null },
  entriesFileSha256: string | null,
  at: Date,
): DrawLogEntry {
  return {
    kind: 'committed',
    drawId: draw.id,
    at: at.toISOString(),
    shortCode: draw.shortCode,
    seedHash: draw.seedHash,
    entriesFileSha256,
    termsSha256: termsSha256({
      prizes: draw.prizes,
      entryMethod: draw.entries.method,
      entryCount: draw.entries.entryCount,
      headerRow: draw.entries.headerRow,
      entryCountColumn: draw.entries.entryCountColumn,
      uniqueEntrantIdColumn: draw.entries.uniqueEntrantIdColumn,
      oneWinPerEntrant: draw.entries.oneWinPerEntrant,
    }),
    drawTime: draw.scheduleDate.toISOString(),
    beaconChain: draw.beacon?.chainHash ?? null,
    beaconRound: draw.beaconRound,
  };
}

export function committedEntryOf(draw: Draw, entriesFileSha256: string | null, at: Date): DrawLogEntry {
  return committedEntry({ ...draw, beaconRound: draw.beacon?.round ?? null }, entriesFileSha256, at);
}

export function rescheduledEntry(drawId: string, drawTime: Date, beaconRound: number | null, at: Date): DrawLogEntry {
  return { kind: 'rescheduled', drawId, at: at.toISOString(), drawTime: drawTime.toISOString(), beaconRound };
}

export function cancelledEntry(drawId: string, at: Date): DrawLogEntry {
  return { kind: 'cancelled', drawId, at: at.toISOString() };
}

/**
 * The results in pick order as the winners are stored (each prize's winners, then its reserves; 0-based rows): the
 * certificate's check re-runs the draw and compares its own digest of them (1-based entry numbers).
 */
export function drawnEntry(
  drawId: string,
  prizeCount: number,
  winners: { count: number; prizeIndex: ArrayLike<number>; kind: ('winner' | 'reserve')[]; row: ArrayLike<number> },
  beaconRound: number | null,
  at: Date,
): DrawLogEntry {
  const prizes = Array.from({ length: prizeCount }, () => ({ winners: [] as number[], reserves: [] as number[] }));
  for (let i = 0; i < winners.count; i++) (winners.kind[i] === 'winner' ? prizes[winners.prizeIndex[i]].winners : prizes[winners.prizeIndex[i]].reserves).push(winners.row[i] + 1);
  return { kind: 'drawn', drawId, at: at.toISOString(), resultsSha256: resultsSha256(prizes), beaconRound };
}

import { ApiProperty } from '@nestjs/swagger';
import type { RngGeneration } from '../../application/random-numbers.service.js';

export class HistogramBinDto {
  @ApiProperty({ example: '0', description: 'Lowest number of the bin (decimal digits).' })
  from: string;

  @ApiProperty({ example: '49999999999999999', description: 'Highest number of the bin (decimal digits).' })
  to: string;

  @ApiProperty({ example: 50213, description: 'How many results fell in the bin.' })
  count: number;
}

/** The RNG response of part 2 §3, with what the page needs besides. */
export class GenerateRandomNumbersResponseDto {
  @ApiProperty({
    example: 'random-numbers-0b1f6c2d9a4e4f0e8c7d6b5a49382716',
    description: 'The whole result downloads from /download/numbers/<fileName>.csv or .txt until expiresAt.',
  })
  fileName: string;

  @ApiProperty({ description: 'The preview as an HTML fragment: <ol class="rng-results"> with one <li> per row, then a note when truncated.' })
  html: string;

  @ApiProperty({ description: 'Whether the whole result has more rows than the preview (then only the file holds them all).' })
  truncated: boolean;

  @ApiProperty({ type: [String], example: ['42', '7'], description: 'The first rows (at most 1,000) as decimal strings; each value once when grouped.' })
  numbers: string[];

  @ApiProperty({ type: [Number], nullable: true, example: null, description: 'When grouped: how often each value of numbers came up; otherwise null.' })
  counts: number[] | null;

  @ApiProperty({ example: 1000, description: 'How many numbers were generated.' })
  total: number;

  @ApiProperty({ example: 1000, description: 'Rows of the whole result: numbers, or distinct values when grouped.' })
  rowCount: number;

  @ApiProperty({ type: [HistogramBinDto], description: 'The distribution of all the numbers over the range (up to 20 bins); empty for a sequence.' })
  histogram: HistogramBinDto[];

  @ApiProperty({ type: String, format: 'date-time', description: 'When the download link stops working.' })
  expiresAt: string;

  static from(generation: RngGeneration): GenerateRandomNumbersResponseDto {
    const dto = new GenerateRandomNumbersResponseDto();
    dto.fileName = generation.fileName;
    dto.html = generation.preview.html;
    dto.truncated = generation.preview.truncated;
    dto.numbers = generation.preview.numbers;
    dto.counts = generation.preview.counts;
    dto.total = generation.total;
    dto.rowCount = generation.preview.rowCount;
    dto.histogram = generation.histogram.map((bin) => ({ from: bin.from.toString(), to: bin.to.toString(), count: bin.count }));
    dto.expiresAt = generation.expiresAt.toISOString();
    return dto;
  }
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** A kit channel, its threshold (0 = the run's automatic threshold) and the analyser's name for it. */
export class ChannelDto {
  @ApiPropertyOptional({ type: String, example: 'FAM' }) @Allow() channel?: string | null;
  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }], description: 'A decimal' })
  @Allow()
  threshold?: number | string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '465-510' }) @Allow() analyserChannel?:
    string | null;
}

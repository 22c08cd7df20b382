import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

export class RatioDto {
  @ApiPropertyOptional({ type: String }) @Allow() numerator?: string | null;
  @ApiPropertyOptional({ type: String }) @Allow() denominator?: string | null;
}

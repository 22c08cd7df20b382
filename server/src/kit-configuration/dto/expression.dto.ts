import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** Checked by the configuration rules (SPEC 5 messages), not here. */
export class ExpressionDto {
  @ApiPropertyOptional({ type: String, example: 'CQ FAM' }) @Allow() leftVariable?: string | null;
  @ApiPropertyOptional({ type: String, enum: ['=', '>', '>=', '<', '<='] }) @Allow() operator?: string | null;
  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }], description: 'A decimal' })
  @Allow()
  rightVariable?: number | string | null;
}

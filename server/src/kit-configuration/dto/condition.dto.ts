import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsOptional, ValidateNested } from 'class-validator';
import { ExpressionDto } from './expression.dto';

/** Expressions joined by AND. */
export class ConditionDto {
  @ApiPropertyOptional({ type: [ExpressionDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ExpressionDto)
  expressions?: ExpressionDto[] | null;
}

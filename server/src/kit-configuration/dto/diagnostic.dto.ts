import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsArray, IsOptional, ValidateNested } from 'class-validator';
import { ConditionDto } from './condition.dto';
import { ControlDto } from './control.dto';

/** SPEC 3 diagnostic result; conditions are joined by OR. */
export class DiagnosticDto {
  @ApiPropertyOptional({ type: String }) @Allow() id?: string | null;
  @ApiPropertyOptional({ type: Number }) @Allow() index?: number | null;
  @ApiPropertyOptional({ type: String, enum: ['RESULT', 'CONTROL'] }) @Allow() diagnosticType?: string | null;
  @ApiPropertyOptional({ type: String }) @Allow() label?: string | null;
  @ApiPropertyOptional({ type: String, example: '#52c41a' }) @Allow() color?: string | null;
  @ApiPropertyOptional({ type: String, enum: ['VALID', 'INVALID'] }) @Allow() validityType?: string | null;
  @ApiPropertyOptional({ type: ControlDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => ControlDto)
  control?: ControlDto | null;
  @ApiPropertyOptional({ type: [ConditionDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ConditionDto)
  conditions?: ConditionDto[] | null;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, IsUUID } from 'class-validator';

const list = ({ value }: { value: unknown }): string[] | undefined => {
  if (value === undefined || value === '') return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
};

/** /sample-type/template (kitVersionIds, analyserId) and /sample-type/run/configuration (lotIds, analyserId). */
export class SampleTypeQueryDto {
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(list)
  @IsUUID('all', { each: true })
  kitVersionIds?: string[];
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(list)
  @IsUUID('all', { each: true })
  lotIds?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() analyserId?: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

/** Multipart fields of POST /api/run/parse/plate-plan (the file is `platePlanFile`). */
export class PlatePlanRequestDto {
  @ApiProperty({ description: 'The run being configured, as JSON; only its id is read' })
  @IsString()
  @IsNotEmpty({ message: 'run' })
  run!: string;

  @ApiPropertyOptional({ type: [String], description: 'Chosen lots (repeated field or comma list)' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => {
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
    return items
      .filter((id): id is string => typeof id === 'string')
      .map((id) => id.trim())
      .filter(Boolean);
  })
  @IsArray()
  @IsUUID('all', { each: true })
  lotIds?: string[];

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) platePlanType?: string;
}

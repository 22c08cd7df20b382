import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { SAMPLE_TYPES } from '@amplio/domain';
import type { SampleType } from '@amplio/domain';

export class ParseRunDto {
  @ApiProperty({ description: 'Analyser id (GET /api/analysers)' })
  @IsString()
  @IsNotEmpty({ message: 'analyserId' })
  analyserId!: string;

  @ApiPropertyOptional({ description: 'Client id of the upload, echoed in import.progress events' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  uploadId?: string;
}

export class RunPageQueryDto {
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) page?: number;
  @ApiPropertyOptional({ default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  size?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) search?: string;
  @ApiPropertyOptional({
    enum: [
      'businessId',
      'fileName',
      'instrumentName',
      'created',
      'status',
      'runDate',
      'interpretationRunByName',
    ],
  })
  @IsOptional()
  @IsIn([
    'businessId',
    'fileName',
    'instrumentName',
    'created',
    'status',
    'runDate',
    'interpretationRunByName',
  ])
  sort?:
    | 'businessId'
    | 'fileName'
    | 'instrumentName'
    | 'created'
    | 'status'
    | 'runDate'
    | 'interpretationRunByName';
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) sortDirection?:
    'asc' | 'desc';
}

export class WellConfigurationDto {
  @ApiProperty({ example: 'A1' }) @Matches(/^[A-P](?:[1-9]|1\d|2[0-4])$/) position!: string;
  @ApiProperty() @IsUUID() lotId!: string;
  @ApiProperty({ enum: SAMPLE_TYPES }) @IsIn(SAMPLE_TYPES) sampleType!: SampleType;
}

export class CreateRunDto {
  @ApiProperty() @IsUUID() id!: string;
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'instrumentName' })
  @MaxLength(200)
  instrumentName!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(200) plateId?:
    string | null;
  @ApiProperty({ type: [WellConfigurationDto] })
  @IsArray()
  @ArrayMinSize(1, { message: 'wells' })
  @ValidateNested({ each: true })
  @Type(() => WellConfigurationDto)
  wells!: WellConfigurationDto[];
}

export class RunStatusQueryDto {
  @ApiProperty({ enum: ['APPROVED', 'REJECTED'] }) @IsIn(['APPROVED', 'REJECTED']) status!:
    'APPROVED' | 'REJECTED';
}

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

export class StoredRunFileDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() size!: number;
  @ApiProperty() sha256!: string;
}

export class PlatePlanTypeDto {
  @ApiProperty() plateName!: string;
  @ApiProperty() extension!: string;
}

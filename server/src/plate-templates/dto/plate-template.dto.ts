import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { PLATE_TYPES, SAMPLE_TYPES, type PlateType, type SampleType } from '@amplio/domain';

/** One configured well of a template (SPEC 3 "Well template"). */
export class WellTemplateDto {
  @ApiProperty({ example: 'A1' }) @Matches(/^[A-P](?:[1-9]|1\d|2[0-4])$/) position!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(200) name?:
    string | null;
  @ApiPropertyOptional({ enum: SAMPLE_TYPES, nullable: true })
  @IsOptional()
  @IsIn(SAMPLE_TYPES)
  sampleType?: SampleType | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsUUID() kitId?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsUUID() kitVersionId?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsUUID() lotId?: string | null;
}

/** POST /plate-template and PUT /plate-template/{id}. */
export class SavePlateTemplateDto {
  @ApiProperty()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty({ message: 'name' })
  @MaxLength(200)
  name!: string;
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  analyserId?: string | null;
  @ApiProperty({ enum: PLATE_TYPES }) @IsIn(PLATE_TYPES) plateType!: PlateType;
  @ApiProperty({ type: [WellTemplateDto] })
  @IsArray()
  @ArrayMinSize(1, { message: 'wellTemplates' })
  @ArrayMaxSize(384)
  @ValidateNested({ each: true })
  @Type(() => WellTemplateDto)
  wellTemplates!: WellTemplateDto[];
}

export class PlateTemplateQueryDto {
  @ApiPropertyOptional({ type: [String], description: 'Kit version ids (repeated parameter)' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }): unknown[] =>
    Array.isArray(value) ? (value as unknown[]) : value ? [value] : [],
  )
  @IsUUID('all', { each: true })
  versionIds?: string[];
}

export class PlateTemplateDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() laboratoryId!: string;
  @ApiProperty({ type: String, nullable: true }) analyserId!: string | null;
  @ApiProperty({ enum: PLATE_TYPES }) plateType!: string;
  @ApiProperty({ type: [WellTemplateDto] }) wellTemplates!: WellTemplateDto[];
}

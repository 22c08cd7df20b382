import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
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
import { SAMPLE_TYPES, type SampleType } from '@amplio/domain';
import { Trimmed } from '../../common/trimmed.decorator';

export class WellConfigurationDto {
  @ApiProperty({ example: 'A1' }) @Matches(/^[A-P](?:[1-9]|1\d|2[0-4])$/) position!: string;
  @ApiProperty() @IsUUID() lotId!: string;
  @ApiProperty({ enum: SAMPLE_TYPES }) @IsIn(SAMPLE_TYPES) sampleType!: SampleType;
  @ApiPropertyOptional({ description: "Must be the lot's kit when given" })
  @IsOptional()
  @IsUUID()
  kitId?: string;
  @ApiPropertyOptional({ description: "Must be the lot's current kit version when given" })
  @IsOptional()
  @IsUUID()
  kitVersionId?: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(200) name?:
    string | null;
}

export class CreateRunDto {
  @ApiProperty() @IsUUID() id!: string;
  @ApiProperty()
  @Trimmed()
  @IsString()
  @IsNotEmpty({ message: 'instrumentName' })
  @MaxLength(200)
  instrumentName!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(200) plateId?:
    string | null;
  @ApiProperty({ type: [WellConfigurationDto] })
  @IsArray()
  @ArrayMinSize(1, { message: 'wells' })
  @ArrayMaxSize(384)
  @ValidateNested({ each: true })
  @Type(() => WellConfigurationDto)
  wells!: WellConfigurationDto[];
}

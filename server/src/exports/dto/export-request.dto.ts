import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { EXPORT_FORMATS, type ExportFormat } from '@amplio/exports';

/** POST /run/export/{kind} (SPEC 3 "Export request"): wells, format, PDF as plate, CSV separator. */
export class ExportRequestDto {
  @ApiPropertyOptional({ type: [String], description: 'Wells to export; absent = the whole plate' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(384)
  @IsUUID('all', { each: true })
  wellIds?: string[];

  @ApiPropertyOptional({ enum: EXPORT_FORMATS, default: 'pdf' })
  @IsOptional()
  @IsIn(EXPORT_FORMATS)
  format?: ExportFormat;

  @ApiPropertyOptional({ default: false, description: 'PDF only: the plate map first' })
  @IsOptional()
  @IsBoolean()
  isExportAsPlate?: boolean;

  @ApiPropertyOptional({ default: ',', description: 'CSV only: exactly one character' })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  separator?: string;

  @ApiPropertyOptional({ description: 'Client id of the export, echoed in export.progress events' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  progressId?: string;
}

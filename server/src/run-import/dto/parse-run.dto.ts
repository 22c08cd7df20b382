import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

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

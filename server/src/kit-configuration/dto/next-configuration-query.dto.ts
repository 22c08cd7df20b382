import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID } from 'class-validator';

export class NextConfigurationQueryDto {
  @ApiProperty() @IsUUID() kitVersion!: string;
  @ApiProperty() @IsString() analyser!: string;
  @ApiPropertyOptional({ description: 'Ignored: the caller’s laboratory is used' })
  @IsOptional()
  @IsString()
  laboratory?: string;
}

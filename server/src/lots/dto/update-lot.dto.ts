import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsISO8601, IsOptional, IsString, IsUUID, MaxLength, Min } from 'class-validator';

export class UpdateLotDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() expirationDate?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() kitVersionId?: string;
  @ApiProperty() @IsBoolean() active!: boolean;
  @ApiProperty({ description: 'The rowVersion read; a stale one answers 409' })
  @IsInt()
  @Min(1)
  rowVersion!: number;
}

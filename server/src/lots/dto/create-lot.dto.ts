import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsISO8601, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

/** Fields are checked by the lot rules so that each missing one gets its own SPEC 5 message. */
export class CreateLotDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Empty means now' })
  @IsOptional()
  @IsISO8601()
  expirationDate?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() kitId?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() kitVersionId?: string;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() active?: boolean;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LABORATORY_NAME_MAX_LENGTH } from './create-laboratories.dto';

/** PUT /laboratory/{id}: rename (ADMIN); kitManufacturer only by a super admin. */
export class UpdateLaboratoryDto {
  @ApiPropertyOptional({ maxLength: LABORATORY_NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(LABORATORY_NAME_MAX_LENGTH)
  @Matches(/^\P{Cc}*$/u)
  name?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() kitManufacturer?: boolean;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LABORATORY_PLATE_ORDERS, type LaboratoryPlateOrder } from '@amplio/db';
import { LABORATORY_NAME_MAX_LENGTH } from './create-laboratories.dto';

/**
 * PUT /laboratory/{id}: rename and preferences (time zone, plate order) by those who edit the
 * laboratory (its ADMIN, super admins, manufacturer admins); kitManufacturer only by a super admin.
 */
export class UpdateLaboratoryDto {
  @ApiPropertyOptional({ maxLength: LABORATORY_NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(LABORATORY_NAME_MAX_LENGTH)
  @Matches(/^\P{Cc}*$/u)
  name?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() kitManufacturer?: boolean;
  @ApiPropertyOptional({
    description: 'IANA time zone the server knows (else 400 errorLaboratoryTimeZoneUnknown)',
    example: 'Europe/Paris',
  })
  @IsOptional()
  @IsString()
  timeZone?: string;
  @ApiPropertyOptional({ enum: LABORATORY_PLATE_ORDERS, enumName: 'PlateOrder' })
  @IsOptional()
  @IsIn(LABORATORY_PLATE_ORDERS)
  plateOrder?: LaboratoryPlateOrder;
}

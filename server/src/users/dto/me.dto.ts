import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '@amplio/domain';

export class LaboratoryRefDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() kitManufacturer!: boolean;
}

export class MeDto {
  @ApiProperty() id!: string;
  @ApiProperty() login!: string;
  @ApiProperty() firstname!: string;
  @ApiProperty() lastname!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ enum: ROLES, isArray: true }) roles!: Role[];
  @ApiProperty({ type: LaboratoryRefDto, nullable: true }) laboratory!: LaboratoryRefDto | null;
}

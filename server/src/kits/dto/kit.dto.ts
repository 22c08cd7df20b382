import { ApiProperty } from '@nestjs/swagger';

export class KitDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() reference!: string;
  @ApiProperty({ description: 'The kit-manufacturer laboratory that owns the kit' })
  ownerLaboratoryId!: string;
}

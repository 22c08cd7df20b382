import { ApiProperty } from '@nestjs/swagger';

export class LaboratoryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() active!: boolean;
  @ApiProperty() kitManufacturer!: boolean;
  @ApiProperty({ description: 'Number of users linked to the laboratory' }) userCount!: number;
}

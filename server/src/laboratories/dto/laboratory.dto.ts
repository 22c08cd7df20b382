import { ApiProperty } from '@nestjs/swagger';
import { LABORATORY_PLATE_ORDERS, type LaboratoryPlateOrder } from '@amplio/db';

export class LaboratoryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() active!: boolean;
  @ApiProperty() kitManufacturer!: boolean;
  @ApiProperty({ description: 'Number of users linked to the laboratory' }) userCount!: number;
  @ApiProperty({ description: "IANA time zone of the laboratory's exported dates", example: 'Europe/Paris' })
  timeZone!: string;
  @ApiProperty({
    enum: LABORATORY_PLATE_ORDERS,
    enumName: 'PlateOrder',
    description:
      'Default order of the run data table: row by row (A1, A2 ...) or column by column (A1, B1 ...)',
  })
  plateOrder!: LaboratoryPlateOrder;
}

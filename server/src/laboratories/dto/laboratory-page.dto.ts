import { ApiProperty } from '@nestjs/swagger';
import { LaboratoryDto } from './laboratory.dto';

export class LaboratoryPageDto {
  @ApiProperty({ type: [LaboratoryDto] }) content!: LaboratoryDto[];
  @ApiProperty() totalElements!: number;
  @ApiProperty({ description: 'Page index, from 0' }) number!: number;
}

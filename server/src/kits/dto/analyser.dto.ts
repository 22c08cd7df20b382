import { ApiProperty } from '@nestjs/swagger';

export class AnalyserDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() version!: string;
  @ApiProperty() manufacturer!: string;
  @ApiProperty({ description: 'Accepted extensions, comma separated' }) extension!: string;
  @ApiProperty() minNumberOfFilesByRun!: number;
  @ApiProperty() maxNumberOfFilesByRun!: number;
}

import { ApiProperty } from '@nestjs/swagger';

export class PlatePlanTypeDto {
  @ApiProperty() plateName!: string;
  @ApiProperty() extension!: string;
}

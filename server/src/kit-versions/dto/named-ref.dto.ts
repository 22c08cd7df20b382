import { ApiProperty } from '@nestjs/swagger';

export class NamedRefDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

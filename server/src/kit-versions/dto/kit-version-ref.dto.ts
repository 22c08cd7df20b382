import { ApiProperty } from '@nestjs/swagger';

export class KitVersionRefDto {
  @ApiProperty() id!: string;
  @ApiProperty() version!: string;
}

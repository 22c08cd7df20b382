import { ApiProperty } from '@nestjs/swagger';

export class StoredRunFileDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() size!: number;
  @ApiProperty() sha256!: string;
}

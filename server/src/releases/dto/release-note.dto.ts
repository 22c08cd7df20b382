import { ApiProperty } from '@nestjs/swagger';

export class ReleaseNoteDto {
  @ApiProperty() version!: string;
  @ApiProperty({ format: 'date-time' }) date!: string;
  @ApiProperty() note!: string;
  @ApiProperty() alreadySeen!: boolean;
}

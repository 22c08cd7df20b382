import { ApiProperty } from '@nestjs/swagger';

export class PublicPropertiesDto {
  @ApiProperty({ name: 'neoware.run.allowFileDownload' }) 'neoware.run.allowFileDownload'!: boolean;
  @ApiProperty() version!: string;
  @ApiProperty() buildDate!: string;
  @ApiProperty() udi!: string;
  @ApiProperty() reference!: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { KitVersionDto } from './kit-version.dto';

export class KitVersionPageDto {
  @ApiProperty({ type: [KitVersionDto] }) content!: KitVersionDto[];
  @ApiProperty() totalElements!: number;
  @ApiProperty({ description: '0-based page index' }) number!: number;
  @ApiProperty() size!: number;
}

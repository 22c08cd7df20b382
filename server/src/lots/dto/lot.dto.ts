import { ApiProperty } from '@nestjs/swagger';
import { KitVersionRefDto } from '../../kit-versions/dto/kit-version-ref.dto';
import { NamedRefDto } from '../../kit-versions/dto/named-ref.dto';

export class LotDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) expirationDate!: string;
  @ApiProperty() active!: boolean;
  @ApiProperty({ type: NamedRefDto }) kit!: NamedRefDto;
  @ApiProperty({ type: KitVersionRefDto }) kitVersion!: KitVersionRefDto;
  @ApiProperty({ description: 'Lock badge: the lot’s kit version is locked' }) kitVersionLocked!: boolean;
  @ApiProperty({ description: 'Optimistic version: send it back on update' }) rowVersion!: number;
  @ApiProperty({ format: 'date-time' }) createdDate!: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { KitVersionRefDto } from '../../kit-versions/dto/kit-version-ref.dto';
import { NamedRefDto } from '../../kit-versions/dto/named-ref.dto';

/** SPEC 3 lot change record. */
export class LotChangeDto {
  @ApiProperty({ enum: ['INSERT', 'UPDATE', 'DELETE'] }) type!: string;
  @ApiProperty({
    enum: ['LOT_CREATED', 'LOT_VERSION_CHANGED', 'LOT_DISABLED', 'LOT_ACTIVATED'],
    nullable: true,
    type: String,
  })
  changeType!: string | null;
  @ApiProperty({ type: [String], description: 'Changed fields: name, expirationDate, active, kitVersion' })
  modifications!: string[];
  @ApiProperty({ format: 'date-time' }) modificationDate!: string;
  @ApiProperty() userName!: string;
  @ApiProperty({ type: NamedRefDto }) lot!: NamedRefDto;
  @ApiProperty({ type: KitVersionRefDto, nullable: true }) kitVersion!: KitVersionRefDto | null;
  @ApiProperty({ type: NamedRefDto, nullable: true }) kit!: NamedRefDto | null;
}

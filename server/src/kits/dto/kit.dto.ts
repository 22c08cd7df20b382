import { ApiProperty } from '@nestjs/swagger';

export class KitVersionRefDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: '1.0' }) version!: string;
  @ApiProperty() locked!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "null for an official version; else the laboratory's",
  })
  laboratoryId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'For a laboratory version, the official one it customises',
  })
  officialVersionId!: string | null;
}

export class KitDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() reference!: string;
  @ApiProperty({ description: 'The kit-manufacturer laboratory that owns the kit' })
  ownerLaboratoryId!: string;
  @ApiProperty({
    type: [KitVersionRefDto],
    description: "SPEC 3 `versions`: the official versions and the reader's laboratory's, oldest first",
  })
  versions!: KitVersionRefDto[];
}

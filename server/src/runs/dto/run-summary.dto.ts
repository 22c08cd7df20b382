import { ApiProperty } from '@nestjs/swagger';
import { RUN_STATUSES, type RunStatus } from '@amplio/domain';

export class RunKitPairDto {
  @ApiProperty() kitName!: string;
  @ApiProperty() lotName!: string;
}

export class RunSummaryDto {
  @ApiProperty() id!: string;
  @ApiProperty() businessId!: string;
  @ApiProperty() fileName!: string;
  @ApiProperty({ type: String, nullable: true }) instrumentName!: string | null;
  @ApiProperty({ type: String, nullable: true }) interpretationRunByName!: string | null;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ enum: RUN_STATUSES }) status!: RunStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) runDate!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "SPEC 3's name for the run date (the run list's run date column): the same as runDate",
  })
  runImportDate!: string | null;
  @ApiProperty({ type: [RunKitPairDto] }) kits!: RunKitPairDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The names of the kits of `kits`, distinct, comma-separated; null before any well has a lot',
  })
  kitName!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The names of the lots of `kits`, distinct, comma-separated; null before any well has a lot',
  })
  lotName!: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) ftpSent!: boolean | null;
}

export class RunPageDto {
  @ApiProperty({ type: [RunSummaryDto] }) listObjects!: RunSummaryDto[];
  @ApiProperty() numberOfObjects!: number;
  @ApiProperty({ description: 'Page index, from 0 (SPEC 3 page response `number`)' }) number!: number;
}

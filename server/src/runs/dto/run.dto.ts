import { ApiProperty } from '@nestjs/swagger';
import { IMPORT_STATES, PLATE_TYPES, SAMPLE_TYPES } from '@amplio/domain';
import type { ImportState, PlateType, SampleType } from '@amplio/domain';
import { RunSummaryDto } from './run-summary.dto';

export class RunWellRefDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

export class RunWellDto {
  @ApiProperty() id!: string;
  @ApiProperty() position!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ enum: SAMPLE_TYPES, nullable: true }) sampleType!: SampleType | null;
  @ApiProperty({ type: String, nullable: true }) kitName!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The kit version (reaction buffer) the well uses',
  })
  kitVersion!: string | null;
  @ApiProperty({ type: String, nullable: true }) lotName!: string | null;
  @ApiProperty({ type: String, nullable: true }) lotId!: string | null;
  @ApiProperty({
    description: 'Whether the well is interpreted: it has a lot (hence a kit) and a sample type',
  })
  analyseWell!: boolean;
  @ApiProperty({ type: RunWellRefDto, nullable: true, description: "The lot's kit (SPEC 3 `kit`)" })
  kit!: RunWellRefDto | null;
  @ApiProperty({ type: RunWellRefDto, nullable: true, description: 'The lot (SPEC 3 `lot`)' })
  lot!: RunWellRefDto | null;
}

export class RunAnalyserDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

export class RunLaboratoryDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

export class RunDto extends RunSummaryDto {
  @ApiProperty({ type: RunLaboratoryDto }) laboratory!: RunLaboratoryDto;
  @ApiProperty({ type: String, nullable: true }) plateId!: string | null;
  @ApiProperty({ enum: PLATE_TYPES }) plateType!: PlateType;
  @ApiProperty({ type: RunAnalyserDto }) analyser!: RunAnalyserDto;
  @ApiProperty() createdByName!: string;
  @ApiProperty({ type: String, nullable: true }) submittedByName!: string | null;
  @ApiProperty({ type: String, nullable: true }) approvedBy!: string | null;
  @ApiProperty({ type: String, nullable: true }) rejectedBy!: string | null;
  @ApiProperty({ enum: IMPORT_STATES }) importState!: ImportState;
  @ApiProperty() dirty!: boolean;
  @ApiProperty() cycleCount!: number;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: '#/components/schemas/RunWellDto' } })
  wells!: Record<string, RunWellDto>;
}

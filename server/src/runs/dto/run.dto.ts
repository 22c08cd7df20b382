import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IMPORT_STATES, PLATE_TYPES, RUN_STATUSES, SAMPLE_TYPES } from '@amplio/domain';
import type { ImportState, PlateType, RunStatus, SampleType } from '@amplio/domain';

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
  @ApiProperty({ type: [RunKitPairDto] }) kits!: RunKitPairDto[];
  @ApiProperty({ type: Boolean, nullable: true }) ftpSent!: boolean | null;
}

export class RunPageDto {
  @ApiProperty({ type: [RunSummaryDto] }) listObjects!: RunSummaryDto[];
  @ApiProperty() numberOfObjects!: number;
}

export class RunWellDto {
  @ApiProperty() id!: string;
  @ApiProperty() position!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ enum: SAMPLE_TYPES, nullable: true }) sampleType!: SampleType | null;
  @ApiProperty({ type: String, nullable: true }) kitName!: string | null;
  @ApiProperty({ type: String, nullable: true }) lotName!: string | null;
  @ApiProperty({ type: String, nullable: true }) lotId!: string | null;
}

export class RunAnalyserDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

export class RunDto extends RunSummaryDto {
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

export class ChannelValueDto {
  @ApiProperty() name!: string;
  @ApiProperty({ type: Number, nullable: true }) cq!: number | null;
  @ApiProperty({ type: Number, nullable: true }) endRFU!: number | null;
}

export class SuggestedResultDto {
  @ApiProperty() label!: string;
  @ApiProperty() color!: string;
  @ApiProperty({ enum: ['VALID', 'INVALID'] }) validityType!: 'VALID' | 'INVALID';
}

export class WellInterpretationDto {
  @ApiProperty() id!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty() position!: string;
  @ApiProperty({ type: ChannelValueDto, nullable: true }) channel1!: ChannelValueDto | null;
  @ApiProperty({ type: ChannelValueDto, nullable: true }) channel2!: ChannelValueDto | null;
  @ApiProperty({ type: Number, nullable: true }) ratio!: number | null;
  @ApiProperty({ type: SuggestedResultDto, nullable: true }) suggestedResult!: SuggestedResultDto | null;
  @ApiProperty({ enum: ['RESULT', 'NO_RESULT', 'INVALID'] }) resultState!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) reason?: string | null;
}

export class RunInterpretationDto {
  @ApiProperty({ type: [WellInterpretationDto] }) wells!: WellInterpretationDto[];
}

export class ChartPointDto {
  @ApiProperty() x!: number;
  @ApiProperty() y!: number;
}

export class ChartChannelDto {
  @ApiProperty() name!: string;
  @ApiProperty({ type: Number, nullable: true }) threshold!: number | null;
  @ApiProperty({ type: Number, nullable: true }) cq!: number | null;
  @ApiProperty({ type: [ChartPointDto] }) points!: ChartPointDto[];
}

export class WellChartDto {
  @ApiProperty() position!: string;
  @ApiProperty({ type: [ChartChannelDto] }) channels!: ChartChannelDto[];
}

export class RunChartDto {
  @ApiProperty({ type: [WellChartDto] }) wells!: WellChartDto[];
}

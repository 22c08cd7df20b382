import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ChannelValueDto {
  @ApiProperty() name!: string;
  @ApiProperty({ type: Number, nullable: true }) cq!: number | null;
  @ApiProperty({ type: Number, nullable: true }) endRFU!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: "The instrument's own Cq from the file" })
  instrumentCq!: number | null;
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
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'English reason; fallback for rows without a code',
  })
  reason?: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Reason code, translated by the client (reason.<CODE>)',
  })
  reasonCode!: string | null;
  @ApiProperty({ type: [String], nullable: true, description: 'Positional parameters of the reason' })
  reasonParams!: string[] | null;
  @ApiProperty({ description: 'Safety net: approval needs a person override of this well' })
  requiresReview!: boolean;
  @ApiProperty({ type: SuggestedResultDto, nullable: true, description: "A person's override" })
  override!: (SuggestedResultDto & { technicianName: string; previousLabel: string | null }) | null;
  @ApiProperty({
    type: SuggestedResultDto,
    nullable: true,
    description: 'Override if present, else suggested',
  })
  effectiveResult!: SuggestedResultDto | null;
  @ApiProperty({ type: String, nullable: true }) sampleType!: string | null;
  @ApiProperty({ type: String, nullable: true }) kitVersionId!: string | null;
}

export class RunInterpretationDto {
  @ApiProperty({ type: [WellInterpretationDto] }) wells!: WellInterpretationDto[];
}

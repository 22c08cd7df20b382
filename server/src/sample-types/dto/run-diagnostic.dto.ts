import { ApiProperty } from '@nestjs/swagger';

/** A diagnostic offered for a run's wells of one kit version (SPEC 5 "Interpretation"). */
export class RunDiagnosticDto {
  @ApiProperty() id!: string;
  @ApiProperty() index!: number;
  @ApiProperty({ enum: ['RESULT', 'CONTROL'] }) diagnosticType!: string;
  @ApiProperty() label!: string;
  @ApiProperty() color!: string;
  @ApiProperty({ enum: ['VALID', 'INVALID'] }) validityType!: string;
  @ApiProperty({ type: String, nullable: true }) controlSampleType!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['KIT', 'INTERNAL'] }) controlType!: string | null;
}

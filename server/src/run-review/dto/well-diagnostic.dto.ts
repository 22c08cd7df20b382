import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';

/** PUT /run/{id}/diagnostic: the well and the diagnostic id that becomes its result. */
export class UpdateWellDiagnosticDto {
  @ApiProperty() @IsUUID() wellId!: string;
  @ApiProperty({ description: 'Diagnostic id (one of the well offered diagnostics)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  result!: string;
}

export class DiagnosticResultDto {
  @ApiProperty() id!: string;
  @ApiProperty() label!: string;
  @ApiProperty() color!: string;
  @ApiProperty({ enum: ['VALID', 'INVALID'] }) validityType!: 'VALID' | 'INVALID';
}

/** A person's override (SPEC 3 "Well diagnostic"). */
export class WellOverrideDto {
  @ApiProperty({ description: "The override's id: its well's (one override per well)" }) id!: string;
  @ApiProperty({ example: 'A1' }) position!: string;
  @ApiProperty({ enum: ['SUBMITTED'] }) origin!: 'SUBMITTED';
  @ApiProperty() technicianName!: string;
  @ApiProperty() creationDateTime!: string;
  @ApiProperty({ type: DiagnosticResultDto }) result!: DiagnosticResultDto;
  @ApiProperty({ type: String, nullable: true, description: 'The result before the change ({old})' })
  previousLabel!: string | null;
}

export class WellDiagnosticDto {
  @ApiProperty() wellId!: string;
  @ApiProperty() position!: string;
  @ApiProperty({ type: DiagnosticResultDto, nullable: true }) suggested!: DiagnosticResultDto | null;
  @ApiProperty({ type: WellOverrideDto, nullable: true }) diagnostic!: WellOverrideDto | null;
  @ApiProperty({
    type: DiagnosticResultDto,
    nullable: true,
    description: 'Override if present, else suggested',
  })
  effective!: DiagnosticResultDto | null;
  @ApiProperty() requiresReview!: boolean;
  @ApiProperty({ type: [DiagnosticResultDto], description: 'SPEC 5: diagnostics offered for this well' })
  offered!: DiagnosticResultDto[];
}

export class RunDiagnosticsDto {
  @ApiProperty() canUpdate!: boolean;
  @ApiProperty({ type: [WellDiagnosticDto] }) wells!: WellDiagnosticDto[];
}

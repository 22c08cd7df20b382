import { ApiProperty } from '@nestjs/swagger';
import { ConditionDto } from '../../kit-configuration/dto/condition.dto';
import { ControlDto } from '../../kit-configuration/dto/control.dto';

/** A diagnostic offered for a run's wells of one kit version (SPEC 5 "Interpretation"; SPEC 3's fields). */
export class RunDiagnosticDto {
  @ApiProperty() id!: string;
  @ApiProperty() index!: number;
  @ApiProperty({ enum: ['RESULT', 'CONTROL'] }) diagnosticType!: string;
  @ApiProperty() label!: string;
  @ApiProperty() color!: string;
  @ApiProperty({ enum: ['VALID', 'INVALID'] }) validityType!: string;
  @ApiProperty({ type: ControlDto, nullable: true, description: 'A CONTROL diagnostic: what it judges' })
  control!: ControlDto | null;
  @ApiProperty({ type: [ConditionDto], description: 'Joined by OR; the expressions of one by AND' })
  conditions!: ConditionDto[];
  @ApiProperty({ type: String, nullable: true, description: "The same as control's sampleType" })
  controlSampleType!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['KIT', 'INTERNAL'],
    description: "The same as control's",
  })
  controlType!: string | null;
}

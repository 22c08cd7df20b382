import { ApiProperty } from '@nestjs/swagger';

/** SPEC 3 sample type; the control entries come from the kit configurations' control diagnostics. */
export class SampleTypeDto {
  @ApiProperty({
    enum: [
      'SAMPLE',
      'NEGATIVE_AMPLIFICATION_CONTROL',
      'NEGATIVE_EXTRACTION_CONTROL',
      'POSITIVE_CONTROL',
      'BLANK_CONTROL',
    ],
  })
  type!: string;
  @ApiProperty() label!: string;
  @ApiProperty() initial!: string;
  @ApiProperty() color!: string;
  @ApiProperty({ type: String, nullable: true }) diagnosticId!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['RESULT', 'CONTROL'] }) diagnosticType!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['VALID', 'INVALID'] }) validityType!: string | null;
  @ApiProperty({ type: String, nullable: true }) controlId!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['KIT', 'INTERNAL'] }) controlType!: string | null;
  @ApiProperty({ type: String, nullable: true }) barCode!: string | null;
  @ApiProperty({ type: String, nullable: true }) kitId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'null: applies to all' }) kitVersionId!:
    string | null;
  @ApiProperty({ type: String, nullable: true }) analyserId!: string | null;
  @ApiProperty({ type: String, nullable: true }) laboratoryId!: string | null;
}

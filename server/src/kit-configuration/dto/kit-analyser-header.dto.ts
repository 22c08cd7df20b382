import { ApiProperty } from '@nestjs/swagger';

/** SPEC 3 kitAnalyser plus what the kit-analyser screen's header shows. */
export class KitAnalyserHeaderDto {
  @ApiProperty({ type: String, nullable: true }) kitAnalyserId!: string | null;
  @ApiProperty() analyserId!: string;
  @ApiProperty({ description: 'Analyser name' }) name!: string;
  @ApiProperty() status!: string;
  @ApiProperty() kitId!: string;
  @ApiProperty() kitName!: string;
  @ApiProperty() kitVersionId!: string;
  @ApiProperty() version!: string;
  @ApiProperty() locked!: boolean;
  @ApiProperty({ type: String, nullable: true }) laboratoryId!: string | null;
  @ApiProperty({ type: String, nullable: true }) laboratoryName!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The version a laboratory version was copied from',
  })
  sourceId!: string | null;
  @ApiProperty({ description: '0 before the first save; send it back on update' })
  configurationVersion!: number;
}

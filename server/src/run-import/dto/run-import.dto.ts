import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IMPORT_STATES, type ImportState } from '@amplio/domain';

export class ImportErrorDto {
  @ApiProperty() message!: string;
  @ApiProperty({ type: [String] }) params!: string[];
}

/** An upload being imported (GET /api/run/import/{importId}); 202 answer of POST /api/run/parse. */
export class RunImportDto {
  @ApiProperty({ description: 'Poll GET /api/run/import/{importId} until READY or FAILED' })
  importId!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) uploadId!: string | null;
  @ApiProperty({ enum: IMPORT_STATES }) state!: ImportState;
  @ApiProperty({ description: '0 to 100' }) progress!: number;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'The run, once READY' }) runId!:
    string | null;
  @ApiPropertyOptional({ type: ImportErrorDto, nullable: true }) error!: ImportErrorDto | null;
}

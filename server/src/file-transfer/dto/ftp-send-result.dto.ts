import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** POST /ftp/send/run/{id}: the run's transfer state once known (or still pending). */
export class FtpSendResultDto {
  @ApiProperty() runId!: string;
  @ApiPropertyOptional({ nullable: true, type: Boolean, description: 'null while the transfer is pending' })
  ftpSent!: boolean | null;
  @ApiProperty({ enum: ['PENDING', 'SENT', 'FAILED'] }) state!: 'PENDING' | 'SENT' | 'FAILED';
  @ApiPropertyOptional({ description: 'Translation key of the failure' }) message?: string;
  @ApiPropertyOptional({ type: [String] }) params?: string[];
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** POST /ftp/test: the connection works; the fingerprints to show (and to send back with Save). */
export class FtpTestResultDto {
  @ApiProperty({ enum: ['FTP', 'SFTP'] }) protocol!: 'FTP' | 'SFTP';
  @ApiPropertyOptional() hostKeyFingerprint?: string;
  @ApiPropertyOptional() tlsCertificateFingerprint256?: string;
  @ApiProperty({ description: 'SFTP: the server presents another key than the one stored' })
  hostKeyChanged!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String }) storedHostKeyFingerprint!: string | null;
}

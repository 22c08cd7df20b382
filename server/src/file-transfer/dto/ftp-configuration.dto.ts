import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** GET /ftp-connection: the configuration without any secret (only whether each one is set). */
export class FtpConfigurationDto {
  @ApiProperty() id!: string;
  @ApiProperty() sendFilesOnApproval!: boolean;
  @ApiProperty({ enum: ['FTP', 'SFTP'] }) protocol!: 'FTP' | 'SFTP';
  @ApiProperty() host!: string;
  @ApiProperty() port!: number;
  @ApiProperty() directory!: string;
  @ApiProperty({ enum: ['PASSWORD', 'SSH_KEY'] }) authentication!: 'PASSWORD' | 'SSH_KEY';
  @ApiProperty() username!: string;
  @ApiProperty() passwordSet!: boolean;
  @ApiProperty() privateKeySet!: boolean;
  @ApiProperty() passphraseSet!: boolean;
  @ApiProperty() ftps!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String }) tlsCertificateFingerprint!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) hostKeyFingerprint!: string | null;
  @ApiProperty({ enum: ['pdf', 'xlsx', 'csv', 'xml'] }) exportFormat!: 'pdf' | 'xlsx' | 'csv' | 'xml';
  @ApiProperty() ownerId!: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Trimmed } from '../../common/trimmed.decorator';

/**
 * POST and PUT /ftp-connection, POST /ftp/test (SPEC 3 "FTP configuration"). Secrets are write-only:
 * absent on PUT or test = keep the stored one; they are never answered.
 */
export class SaveFtpConfigurationDto {
  @ApiPropertyOptional({ description: 'PUT: the configuration to update' })
  @IsOptional()
  @IsUUID()
  id?: string;

  @ApiProperty({ default: false }) @IsBoolean() sendFilesOnApproval!: boolean;

  @ApiProperty({ enum: ['FTP', 'SFTP'] }) @IsIn(['FTP', 'SFTP']) protocol!: 'FTP' | 'SFTP';

  @ApiProperty()
  @Trimmed()
  @IsString()
  @IsNotEmpty({ message: 'host' })
  @MaxLength(253)
  @Matches(/^[A-Za-z0-9.:\-[\]]+$/, { message: 'host' })
  host!: string;

  @ApiProperty({ minimum: 1, maximum: 65535 }) @IsInt() @Min(1) @Max(65535) port!: number;

  @ApiProperty({ default: '' }) @IsString() @MaxLength(1024) directory!: string;

  @ApiProperty({ enum: ['PASSWORD', 'SSH_KEY'] })
  @IsIn(['PASSWORD', 'SSH_KEY'])
  authentication!: 'PASSWORD' | 'SSH_KEY';

  @ApiProperty()
  @Trimmed()
  @IsString()
  @IsNotEmpty({ message: 'username' })
  @MaxLength(256)
  username!: string;

  @ApiPropertyOptional({ writeOnly: true }) @IsOptional() @IsString() @MaxLength(1024) password?: string;

  @ApiPropertyOptional({ writeOnly: true, description: 'OpenSSH or PEM private key (SSH_KEY)' })
  @IsOptional()
  @IsString()
  @MaxLength(16_384)
  privateKey?: string;

  @ApiPropertyOptional({ writeOnly: true }) @IsOptional() @IsString() @MaxLength(1024) passphrase?: string;

  @ApiPropertyOptional({ description: 'FTP only: explicit FTPS (AUTH TLS)' })
  @IsOptional()
  @IsBoolean()
  ftps?: boolean;

  @ApiPropertyOptional({
    description: 'FTPS: SHA-256 fingerprint of the accepted certificate (shown at Test)',
  })
  @IsOptional()
  @IsString()
  @Matches(/^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/, { message: 'tlsCertificateFingerprint' })
  tlsCertificateFingerprint?: string;

  @ApiPropertyOptional({ description: 'SFTP: the host key fingerprint shown at Test, pinned on Save' })
  @IsOptional()
  @IsString()
  @Matches(/^SHA256:[A-Za-z0-9+/]{43}$/, { message: 'hostKeyFingerprint' })
  hostKeyFingerprint?: string;

  @ApiPropertyOptional({ enum: ['pdf', 'xlsx', 'csv', 'xml'], default: 'xml' })
  @IsOptional()
  @IsIn(['pdf', 'xlsx', 'csv', 'xml'])
  exportFormat?: 'pdf' | 'xlsx' | 'csv' | 'xml';
}

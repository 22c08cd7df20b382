import { Module } from '@nestjs/common';
import { fileTransferClientFor } from '@amplio/adapters';
import { RunsModule } from '../runs/runs.module';
import { FileTransferController } from './file-transfer.controller';
import { FtpConfigurationService, TRANSFER_CLIENT_FACTORY } from './ftp-configuration.service';
import { TRANSFER_SECRET_BOX, transferSecretBox } from './transfer-secrets';
import { TransferService } from './transfer.service';

/** File transfer: the laboratory's FTP configuration, Test, Send and send on approval (docs/file-transfer.md). */
@Module({
  imports: [RunsModule],
  controllers: [FileTransferController],
  providers: [
    FtpConfigurationService,
    TransferService,
    { provide: TRANSFER_SECRET_BOX, useFactory: () => transferSecretBox() },
    { provide: TRANSFER_CLIENT_FACTORY, useValue: fileTransferClientFor },
  ],
})
export class FileTransferModule {}

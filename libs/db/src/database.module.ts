import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { AuditRepository } from './repositories/audit.repository';
import { CatalogueRepository } from './repositories/catalogue.repository';
import { KitConfigurationRepository } from './repositories/kit-configuration.repository';
import { KitVersionRepository } from './repositories/kit-version.repository';
import { KitRepository } from './repositories/kit.repository';
import { LotRepository } from './repositories/lot.repository';
import { SampleTypeRepository } from './repositories/sample-type.repository';
import { RunImportRepository } from './repositories/run-import.repository';
import { RunRepository } from './repositories/run.repository';
import { UserRepository } from './repositories/user.repository';
import { ExportFileRepository } from './repositories/export-file.repository';
import { ExportSourceRepository } from './repositories/export-source.repository';
import { FtpConfigurationRepository } from './repositories/ftp-configuration.repository';
import { RunTransferRepository } from './repositories/run-transfer.repository';

export const DATA_SOURCE = Symbol('DATA_SOURCE');

/** Provides the initialised, migrated DataSource and one instance of each repository. */
@Global()
@Module({})
export class DatabaseModule {
  static forDataSource(dataSource: DataSource): DynamicModule {
    const repositories = [
      AuditRepository,
      CatalogueRepository,
      KitRepository,
      KitVersionRepository,
      LotRepository,
      KitConfigurationRepository,
      SampleTypeRepository,
      RunRepository,
      RunImportRepository,
      UserRepository,
      FtpConfigurationRepository,
      RunTransferRepository,
      ExportFileRepository,
      ExportSourceRepository,
    ].map((Repository) => ({
      provide: Repository,
      useFactory: () => new Repository(dataSource),
    }));
    return {
      module: DatabaseModule,
      providers: [{ provide: DATA_SOURCE, useValue: dataSource }, ...repositories],
      exports: [DATA_SOURCE, ...repositories.map((provider) => provider.provide)],
    };
  }
}

import { Module } from '@nestjs/common';
import { KitConfigurationController } from './kit-configuration.controller';
import { KitConfigurationService } from './kit-configuration.service';

/** Kit-analyser configuration: thresholds per channel, diagnostics, controls (SPEC 7 "/kit/configuration"). */
@Module({ controllers: [KitConfigurationController], providers: [KitConfigurationService] })
export class KitConfigurationModule {}

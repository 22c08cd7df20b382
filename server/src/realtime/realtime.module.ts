import { Module } from '@nestjs/common';
import { apiRuntimeProvider } from '../common/api-runtime';
import { RunEventsGateway } from './run-events.gateway';

/** Realtime: the Socket.IO gateway (rooms per laboratory and per run, tokens checked while connected). */
@Module({ providers: [RunEventsGateway, apiRuntimeProvider] })
export class RealtimeModule {}

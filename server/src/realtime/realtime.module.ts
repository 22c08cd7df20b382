import { Module } from '@nestjs/common';
import { RunEventsGateway } from './run-events.gateway';

/** Realtime: the Socket.IO gateway (rooms per laboratory and per run). */
@Module({ providers: [RunEventsGateway] })
export class RealtimeModule {}

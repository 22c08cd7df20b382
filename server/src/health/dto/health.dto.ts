import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class HealthDto {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
}

export class ReadinessChecksDto {
  @ApiProperty({ description: '"ok" or the error' }) database!: string;
  @ApiPropertyOptional({ description: '"ok" or the error; absent without REDIS_URL' }) redis?: string;
  @ApiProperty({ description: '"ok" or the error (BullMQ, or the inline queue)' }) queue!: string;
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ready', 'unavailable'] }) status!: 'ready' | 'unavailable';
  @ApiProperty({ type: ReadinessChecksDto }) checks!: ReadinessChecksDto;
}

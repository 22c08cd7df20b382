import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

export class ControlDto {
  @ApiPropertyOptional({ type: String, enum: ['KIT', 'INTERNAL'] }) @Allow() controlType?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @Allow() barCode?: string | null;
  @ApiPropertyOptional({ type: String, description: 'A control sample type' }) @Allow() sampleType?:
    string | null;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, IsUUID, Min, ValidateNested } from 'class-validator';
import { KIT_ANALYSER_STATUSES } from '@amplio/db';
import { CQ_METHODS } from '@amplio/domain';
import { ChannelDto } from './channel.dto';
import { DiagnosticDto } from './diagnostic.dto';
import { RatioDto } from './ratio.dto';

/** POST: kitVersionId + analyserId. PUT: kitAnalyserId + configurationVersion (the one read). */
export class SaveKitConfigurationDto {
  @ApiPropertyOptional() @IsOptional() @IsUUID() kitAnalyserId?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) configurationVersion?: number;
  @ApiPropertyOptional() @IsOptional() @IsUUID() kitVersionId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() analyserId?: string;
  @ApiPropertyOptional({ enum: KIT_ANALYSER_STATUSES })
  @IsOptional()
  @IsIn([...KIT_ANALYSER_STATUSES])
  status?: string;
  @ApiPropertyOptional({ enum: CQ_METHODS })
  @IsOptional()
  @IsIn([...CQ_METHODS])
  cqMethod?: string;
  @ApiPropertyOptional({ type: RatioDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => RatioDto)
  ratio?: RatioDto | null;
  @ApiPropertyOptional({ type: [ChannelDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ChannelDto)
  kitAnalyserChannels?: ChannelDto[];
  @ApiPropertyOptional({ type: [DiagnosticDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DiagnosticDto)
  diagnostics?: DiagnosticDto[];
}

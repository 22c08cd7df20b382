import { ApiProperty } from '@nestjs/swagger';
import { CQ_METHODS } from '@amplio/domain';
import { ChannelDto } from './channel.dto';
import { DiagnosticDto } from './diagnostic.dto';
import { KitAnalyserHeaderDto } from './kit-analyser-header.dto';
import { RatioDto } from './ratio.dto';

/** SPEC 3 kit configuration: kitAnalyser, kitAnalyserChannels, diagnostics. */
export class KitConfigurationDto {
  @ApiProperty({ type: KitAnalyserHeaderDto }) kitAnalyser!: KitAnalyserHeaderDto;
  @ApiProperty({ type: [ChannelDto] }) kitAnalyserChannels!: ChannelDto[];
  @ApiProperty({ type: [DiagnosticDto] }) diagnostics!: DiagnosticDto[];
  @ApiProperty({ enum: CQ_METHODS }) cqMethod!: string;
  @ApiProperty({ type: RatioDto, nullable: true }) ratio!: RatioDto | null;
}

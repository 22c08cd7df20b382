import { ApiProperty } from '@nestjs/swagger';

export class ChartPointDto {
  @ApiProperty() x!: number;
  @ApiProperty() y!: number;
}

export class ChartChannelDto {
  @ApiProperty() name!: string;
  @ApiProperty({ type: Number, nullable: true }) threshold!: number | null;
  @ApiProperty({ type: Number, nullable: true }) cq!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: "The instrument's own Cq" }) instrumentCq!:
    number | null;
  @ApiProperty({ type: [ChartPointDto] }) points!: ChartPointDto[];
}

export class WellChartDto {
  @ApiProperty() position!: string;
  @ApiProperty({ type: [ChartChannelDto] }) channels!: ChartChannelDto[];
}

export class RunChartDto {
  @ApiProperty({ type: [WellChartDto] }) wells!: WellChartDto[];
}

import { ApiProperty } from '@nestjs/swagger';

export class KitVersionAnalyserDto {
  @ApiProperty({ type: String, nullable: true }) kitAnalyserId!: string | null;
  @ApiProperty() analyserId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Green badge: channels and diagnostics configured' }) configured!: boolean;
}

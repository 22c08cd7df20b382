import { ApiProperty } from '@nestjs/swagger';
import { LotChangeDto } from './lot-change.dto';

/** The shell's "Changes in lot since last login": four sections. */
export class LotChangesSummaryDto {
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) since!: string | null;
  @ApiProperty({ type: [LotChangeDto] }) newLots!: LotChangeDto[];
  @ApiProperty({ type: [LotChangeDto] }) versionChangedLots!: LotChangeDto[];
  @ApiProperty({ type: [LotChangeDto] }) disabledLots!: LotChangeDto[];
  @ApiProperty({ type: [LotChangeDto] }) activatedLots!: LotChangeDto[];
}

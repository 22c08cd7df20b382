import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Min } from 'class-validator';

export class LockKitVersionDto {
  @ApiProperty({ description: 'The rowVersion read; a stale one answers 409' })
  @IsInt()
  @Min(1)
  rowVersion!: number;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Page request of the SPEC's tables (SPEC 3 "Page request"): page from 0 and a bounded size. */
export class PageQueryDto {
  @ApiPropertyOptional({ default: 0, description: 'Page index, from 0' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100_000)
  page?: number;
  @ApiPropertyOptional({ description: "Rows per page (default: the screen's page size, SPEC 9)" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  size?: number;
}

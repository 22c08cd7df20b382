import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

/** GET /laboratory and /laboratory/search: page from 0, size (9 on the screen), sort `name,asc|desc`. */
export class LaboratoryPageQueryDto {
  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100_000)
  page?: number;
  @ApiPropertyOptional({ default: 9 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  size?: number;
  @ApiPropertyOptional({ example: 'name,asc' })
  @IsOptional()
  @Matches(/^name,(asc|desc)$/)
  sort?: string;
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^\P{Cc}*$/u)
  search?: string;
}

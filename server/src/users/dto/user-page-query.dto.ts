import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

/** GET /laboratory/{id}/users: page from 0, size (6 on the screen), sort `login,asc` by default. */
export class UserPageQueryDto {
  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100_000)
  page?: number;
  @ApiPropertyOptional({ default: 6 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  size?: number;
  @ApiPropertyOptional({ example: 'login,asc' })
  @IsOptional()
  @Matches(/^(login|lastname|firstname|email),(asc|desc)$/)
  sort?: string;
}

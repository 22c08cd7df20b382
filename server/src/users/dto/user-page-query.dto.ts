import { PageQueryDto } from '../../common/dto/page-query.dto';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

/** GET /laboratory/{id}/users: page from 0, size (6 on the screen), sort `login,asc` by default. */
export class UserPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: 'login,asc' })
  @IsOptional()
  @Matches(/^(login|lastname|firstname|email),(asc|desc)$/)
  sort?: string;
}

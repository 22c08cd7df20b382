import { PageQueryDto } from '../../common/dto/page-query.dto';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** GET /laboratory and /laboratory/search: page from 0, size (9 on the screen), sort `name,asc|desc`. */
export class LaboratoryPageQueryDto extends PageQueryDto {
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

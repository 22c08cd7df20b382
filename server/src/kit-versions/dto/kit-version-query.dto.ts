import { PageQueryDto } from '../../common/dto/page-query.dto';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, IsUUID } from 'class-validator';

const list = ({ value }: { value: unknown }): string[] | undefined => {
  if (value === undefined || value === '') return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
};

const toBoolean = (value: unknown): unknown =>
  value === 'true' || value === true ? true : value === 'false' || value === false ? false : value;

/** Paging, sorting and filters of both version tables (SPEC 7 "Kit versions"). */
export class KitVersionQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'createdDate,desc (default) or version,asc...' })
  @IsOptional()
  @IsString()
  sort?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() kitId?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() officialVersionId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() version?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() laboratoryName?: string;
  @ApiPropertyOptional({ type: [String], description: 'Comma list' })
  @IsOptional()
  @Transform(list)
  @IsUUID('all', { each: true })
  lotIds?: string[];
  @ApiPropertyOptional({ type: [String], description: 'Comma list' })
  @IsOptional()
  @Transform(list)
  @IsString({ each: true })
  analyserIds?: string[];
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => toBoolean(value))
  @IsBoolean()
  analyserConfigured?: boolean;
}

export function parseSort(sort: string | undefined): {
  sort: 'createdAt' | 'version';
  direction: 'ASC' | 'DESC';
} {
  const [field, direction] = (sort ?? 'createdDate,desc').split(',');
  return {
    sort: field === 'version' ? 'version' : 'createdAt',
    direction: direction?.toLowerCase() === 'asc' ? 'ASC' : 'DESC',
  };
}
